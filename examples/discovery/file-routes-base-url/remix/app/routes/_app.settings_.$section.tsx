/** A pathless layout (`_app`) and a trailing underscore: `/settings/:section`. */
export async function loader({ params }: { params: { section?: string } }) {
	return { section: params.section };
}

export default function Settings() {
	return null;
}
