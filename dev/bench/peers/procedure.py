"""The procedure by hand, as a team would script it with Python's urllib (see README.md)."""
import base64
import json
import os
import sys
import urllib.parse
import urllib.request

AUTH_URL = os.environ["AUTH_URL"]
CLIENT_ID = os.environ["CLIENT_ID"]
BASIC = base64.b64encode(f"{CLIENT_ID}:{os.environ['CLIENT_SECRET']}".encode()).decode()


def call(method, path, body=None):
    request = urllib.request.Request(
        AUTH_URL + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Basic {BASIC}", "Accept": "application/json", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)


client_path = f"/v2/api/clients/{CLIENT_ID}"
ids = call("GET", client_path)["client"]["scopes"]
if ids:
    for scope in call("GET", "/v2/api/scopes?ids=" + ",".join(ids))["scopes"]:
        print("found", scope["scope_string"])
    sys.exit(0)

scope = json.loads(os.environ["SCOPE"])
for dependent in scope["dependent_scopes"]:
    found = call("GET", "/v2/api/scopes?scope_strings=" + urllib.parse.quote(dependent["scope"], safe=""))["scopes"]
    dependent["scope"] = found[0]["id"]
created = call("POST", f"{client_path}/scopes", {"scope": scope})["scopes"]
attached = call("GET", client_path)["client"]["scopes"]
if not all(s["id"] in attached for s in created):
    sys.exit("the created scope is not attached to the client")
for s in created:
    print("created", s["scope_string"])
