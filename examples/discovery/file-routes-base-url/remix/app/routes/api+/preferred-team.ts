// remix-flat-routes: the `api+` folder is the name's first segment, `api.preferred-team`.
export const action = async ({ request }: { request: Request }) => {
	const form = await request.formData();
	return new Response(String(form.get("teamUrl")));
};
