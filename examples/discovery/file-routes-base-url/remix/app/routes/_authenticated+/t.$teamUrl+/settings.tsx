// `_authenticated+` is a pathless layout folder, `t.$teamUrl+` two segments: `/t/:teamUrl/settings`.
export async function loader({ params }: { params: { teamUrl?: string } }) {
	return { teamUrl: params.teamUrl };
}

export default function Settings() {
	return null;
}
