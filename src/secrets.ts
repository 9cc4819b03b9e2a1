/**
 * Every form in which the secret could surface: as given, inside the HTTP Basic credential
 * (with and without the client ID, which is part of it), and URL-encoded.
 */
export function secretForms(clientId: string, clientSecret: string): string[] {
  if (clientSecret === '') return [];
  // The credential is sent with the client ID as the inputs normalise it (lower case).
  const basic = [clientId, clientId.toLowerCase()].map((id) => Buffer.from(`${id}:${clientSecret}`).toString('base64'));
  // A multi-line secret is masked line by line by the runner too.
  const lines = clientSecret.split(/\r?\n/).filter((line) => line.trim().length > 0);
  // JSON-escaped: values from the service are quoted with JSON.stringify in drift messages.
  const json = JSON.stringify(clientSecret).slice(1, -1);
  return [...new Set([clientSecret, ...basic, encodeURIComponent(clientSecret), json, ...lines])];
}

/** Replaces every form of the secret in a text meant for the log, an annotation or a file. */
export function redactor(forms: readonly string[]): (text: string) => string {
  // Longest first, so that a form containing another is replaced whole.
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  return (text) => sorted.reduce((out, form) => out.replaceAll(form, '***'), text);
}
