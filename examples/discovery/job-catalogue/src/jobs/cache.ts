export async function purgeCache({ payload }: { payload: { prefix: string } }) {
	console.log("purge", payload.prefix);
}
