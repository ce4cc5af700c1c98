/**
 * True when the sidecar URL is plain http:// to a host other than this machine: the shared secret
 * (a bearer token) and the LLM API key would then cross the network unencrypted.
 */
export function isInsecureSidecar(sidecarUrl: string): boolean {
	const match = /^http:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/?#]+)/i.exec(sidecarUrl.trim());
	if (!match) return false;
	const host = (match[1] as string).toLowerCase().replace(/^\[|\]$/g, "");
	return !(host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "::1");
}
