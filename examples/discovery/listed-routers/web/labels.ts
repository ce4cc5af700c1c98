// A helper that only formats strings: its callers' words are no requests.
export function labelFor(kind: string, text: string) {
  return `${kind}: ${text}`;
}

export const titles = [labelFor('get', '/notes'), labelFor('put', '/archive/run')];
