/**
 * Every form in which the secret could surface, to mask and to scrub: as given, line by line,
 * JSON-escaped, URL- and form-encoded (either hex case), inside the HTTP Basic credential, and
 * in base64 or base64url at any alignment, as a service that echoes a request might write it.
 */
export function secretForms(clientId: string, clientSecret: string): string[] {
  if (clientSecret === '') return [];
  const encoded = encodeURIComponent(clientSecret);
  // The credential is sent with the client ID as the inputs normalise it (lower case).
  const basic = [clientId, clientId.toLowerCase()].map((id) => Buffer.from(`${id}:${clientSecret}`).toString('base64'));
  // A multi-line secret is masked line by line by the runner too.
  const lines = clientSecret.split(/\r?\n/).filter((line) => line.trim().length > 0);
  const forms = [
    clientSecret,
    ...basic,
    ...basic.map(toBase64url),
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    new URLSearchParams({ s: clientSecret }).toString().slice(2), // form encoding: + for a space
    JSON.stringify(clientSecret).slice(1, -1), // as JSON.stringify quotes a value that echoes it
    ...lines,
    ...base64Fragments(Buffer.from(clientSecret)).flatMap((fragment) => [fragment, toBase64url(fragment)]),
  ];
  // The secret as given is always masked, as the runner masks it. A derived form (a line, an
  // encoding, a base64 fragment) shorter than 8 characters would match ordinary text by chance
  // and garble every message (a 1-character secret has 1-character fragments): left out.
  return [...new Set([clientSecret, ...forms.filter((form) => form.length >= DERIVED_FORM_MIN_LENGTH)])];
}

/** The shortest derived form that is masked; the secret as given is masked at any length. */
export const DERIVED_FORM_MIN_LENGTH = 8;

const toBase64url = (base64: string): string => base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * The base64 characters that depend on the secret's bytes alone, for each of the three ways
 * they can fall on the 3-byte groups of a longer text: whatever precedes or follows them,
 * these characters appear in its base64.
 */
function base64Fragments(bytes: Buffer): string[] {
  return [0, 1, 2].map((offset) => {
    const text = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
    return text.slice(Math.ceil((8 * offset) / 6), Math.floor((8 * (offset + bytes.length)) / 6));
  });
}

/** Removes every form of the secret from a text meant for the log, an annotation, the terminal or a file. */
export type Scrub = (text: string) => string;

/** The scrub for the given forms (see secretForms): each is replaced by `***`. */
export function scrubber(forms: readonly string[]): Scrub {
  // Longest first, so that a form containing another is replaced whole.
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  return (text) => sorted.reduce((out, form) => out.replaceAll(form, '***'), text);
}
