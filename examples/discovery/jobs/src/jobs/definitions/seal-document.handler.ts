export async function sealDocument({ payload }: { payload: { documentId: number } }): Promise<void> {
	console.log("sealing", payload.documentId);
}
