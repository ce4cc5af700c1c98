const baseUrl = process.env.NEXT_PUBLIC_API_URL ?? "";

export async function listMembers(projectId: string) {
	const res = await fetch(`${baseUrl}/api/projects/${projectId}/members`);
	return res.json();
}

export async function addMember(projectId: string, email: string) {
	const res = await fetch(`${baseUrl}/api/projects/${projectId}/members`, {
		method: "POST",
		body: JSON.stringify({ email }),
	});
	return res.json();
}
