export const loader = () => ({ ok: true });

export default function Home() {
	return null;
}
