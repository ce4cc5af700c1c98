// One request, and nothing in the repository serving it: no idiom.
export const ping = () => fetch("/status");
