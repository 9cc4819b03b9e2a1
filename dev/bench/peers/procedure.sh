#!/usr/bin/env bash
# The procedure by hand, as a team would script it with curl and jq (see README.md).
set -euo pipefail

call() { # METHOD PATH [BODY]
  # -q first: no ~/.curlrc of the machine's changes what is measured.
  local args=(-q -sS --fail-with-body -K - -X "$1" -H 'Accept: application/json' "$AUTH_URL$2")
  if [ $# -ge 3 ]; then args+=(-H 'Content-Type: application/json' --data-binary "$3"); fi
  printf 'user = "%s:%s"\n' "$CLIENT_ID" "$CLIENT_SECRET" | curl "${args[@]}"
}

client_path="/v2/api/clients/$CLIENT_ID"
ids=$(call GET "$client_path" | jq -r '.client.scopes | join(",")')
if [ -n "$ids" ]; then
  call GET "/v2/api/scopes?ids=$ids" | jq -r '.scopes[] | "found \(.scope_string)"'
  exit 0
fi

scope=$SCOPE
for string in $(jq -r '.dependent_scopes[].scope' <<<"$SCOPE"); do
  id=$(call GET "/v2/api/scopes?scope_strings=$(jq -rn --arg s "$string" '$s|@uri')" | jq -r '.scopes[0].id')
  scope=$(jq --arg s "$string" --arg id "$id" '(.dependent_scopes[] | select(.scope == $s) | .scope) = $id' <<<"$scope")
done
created=$(call POST "$client_path/scopes" "{\"scope\": $scope}")
attached=$(call GET "$client_path" | jq -r '.client.scopes[]')
for id in $(jq -r '.scopes[].id' <<<"$created"); do
  grep -qx "$id" <<<"$attached" || { echo "scope $id is not attached to the client" >&2; exit 1; }
done
jq -r '.scopes[] | "created \(.scope_string)"' <<<"$created"
