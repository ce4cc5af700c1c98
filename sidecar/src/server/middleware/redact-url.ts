/**
 * A request URL as it may be logged: the value of any query parameter whose name says it is a
 * secret (token, key, secret, password, signature, auth…) is replaced, so a token a client put
 * in a query string never reaches the log in clear.
 */
const SECRET_NAME = /token|key|secret|passw|signature|auth|credential|session/i;

export function redactUrl(url: string): string {
	const q = url.indexOf("?");
	if (q < 0) return url;
	const query = url
		.slice(q + 1)
		.split("&")
		.map((pair) => {
			const eq = pair.indexOf("=");
			const rawName = eq < 0 ? pair : pair.slice(0, eq);
			let name = rawName;
			try {
				name = decodeURIComponent(rawName.replace(/\+/g, " "));
			} catch {
				// a malformed escape: judge the raw name
			}
			return eq >= 0 && SECRET_NAME.test(name) ? `${rawName}=[redacted]` : pair;
		})
		.join("&");
	return `${url.slice(0, q)}?${query}`;
}
