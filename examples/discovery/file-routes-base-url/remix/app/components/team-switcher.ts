export function selectTeam(teamUrl: string) {
	const body = new FormData();
	body.set("teamUrl", teamUrl);
	void fetch("/api/preferred-team", { method: "POST", body });
}

export function loadSettings(teamUrl: string) {
	return fetch(`/t/${teamUrl}/settings`);
}
