// Another host's API: its paths are no calls of this server, whatever base path they would fit under.
const BASE_URL = 'https://covers.example.org/v1';

export async function cover(id, token) {
	const res = await fetch(`${BASE_URL}/books/${id}?size=large`, {
		headers: { Authorization: `Bearer ${token}` },
	});
	return res.blob();
}

export async function coverList(token) {
	const res = await fetch(`${BASE_URL}/books?limit=1`, { headers: { Authorization: `Bearer ${token}` } });
	return res.json();
}
