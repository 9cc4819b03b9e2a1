/**
 * Every form in which the secret could surface, to mask and to scrub: as given, line by line,
 * JSON-escaped, URL- and form-encoded (either hex case), inside the HTTP Basic credential, and
 * in base64 or base64url at any alignment, as a service that echoes a request might write it.
 */
export function secretForms(clientId: string, clientSecret: string): string[] {
  if (clientSecret === '') return [];
  // The credential is sent with the client ID as the inputs normalise it (lower case).
  const basic = [clientId, clientId.toLowerCase()].map((id) => Buffer.from(`${id}:${clientSecret}`).toString('base64'));
  return withoutShortForms(clientSecret, [
    clientSecret,
    ...basic,
    ...basic.map(toBase64url),
    ...encodedForms(clientSecret),
  ]);
}

/**
 * Every form in which a credential that arrived during the run (the access token) could
 * surface: those of the secret, and inside the Bearer header that carries it.
 */
export function credentialForms(credential: string): string[] {
  if (credential === '') return [];
  return withoutShortForms(credential, [`Bearer ${credential}`, ...encodedForms(credential)]);
}

/** The value as given, line by line, URL- and form-encoded, JSON-escaped, and in base64 at any alignment. */
function encodedForms(value: string): string[] {
  const encoded = encodeURIComponent(value);
  // A multi-line value is masked line by line by the runner too.
  const lines = value.split(/\r?\n/).filter((line) => line.trim().length > 0);
  return [
    value,
    encoded,
    encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    new URLSearchParams({ s: value }).toString().slice(2), // form encoding: + for a space
    JSON.stringify(value).slice(1, -1), // as JSON.stringify quotes a value that echoes it
    ...lines,
    ...base64Fragments(Buffer.from(value)).flatMap((fragment) => [fragment, toBase64url(fragment)]),
  ];
}

/**
 * The value as given is always masked, as the runner masks it. A derived form (a line, an
 * encoding, a base64 fragment) shorter than 8 characters would match ordinary text by chance
 * and garble every message (a 1-character secret has 1-character fragments): left out.
 */
function withoutShortForms(value: string, forms: readonly string[]): string[] {
  return [...new Set([value, ...forms.filter((form) => form.length >= DERIVED_FORM_MIN_LENGTH)])];
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

/** The one scrub of a run, which learns the forms of a credential that arrives later. */
export interface Scrubber extends Scrub {
  learn(forms: readonly string[]): void;
}

/** The scrub for the given forms (see secretForms): each is replaced by `***`. */
export function scrubber(forms: readonly string[]): Scrubber {
  let sorted: string[] = [];
  const scrub: Scrubber = Object.assign(
    (text: string) => sorted.reduce((out, form) => out.replaceAll(form, '***'), text),
    {
      // Longest first, so that a form containing another is replaced whole.
      learn: (more: readonly string[]) =>
        void (sorted = [...new Set([...sorted, ...more])].sort((a, b) => b.length - a.length)),
    },
  );
  scrub.learn(forms);
  return scrub;
}

/**
 * The one keeper of a run's secrets, built by the door once it has read the client's id and
 * secret: every form of the secret, and of the access token from the moment it arrives, is
 * handed to `mask` (the door's own masking: the runner's, or none) before the keeper scrubs it.
 */
export interface Secrets {
  /** Replaces every known form of a secret by `***`. */
  scrub: Scrub;
  /** A credential that arrived during the run (the access token): masked, then scrubbed from every later text. */
  learn(credential: string): void;
  /** A new client secret that arrived during the run (a rotation's): every form of a secret, masked, then scrubbed. */
  learnSecret(secret: string): void;
}

export function keepSecrets(clientId: string, clientSecret: string, mask: (form: string) => void = () => {}): Secrets {
  const forms = secretForms(clientId, clientSecret);
  forms.forEach(mask);
  const scrub = scrubber(forms);
  return {
    scrub,
    learn: (credential) => {
      const more = credentialForms(credential);
      more.forEach(mask);
      scrub.learn(more);
    },
    learnSecret: (secret) => {
      const more = secretForms(clientId, secret);
      more.forEach(mask);
      scrub.learn(more);
    },
  };
}
