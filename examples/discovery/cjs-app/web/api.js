// The client's calls name paths below its base URL, which holds the server's mount point.
const base = '/rest/v2';

async function call(method, path, body) {
	const res = await fetch(base + path, { method, body: body && JSON.stringify(body) });
	return res.json();
}

export const get = (path) => call('GET', path);
export const post = (path, body) => call('POST', path, body);
export const put = (path, body) => call('PUT', path, body);
export const del = (path) => call('DELETE', path);
