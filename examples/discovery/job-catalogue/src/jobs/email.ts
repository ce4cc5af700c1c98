export async function sendEmail(to: string) {
	console.log("mail to", to);
}
