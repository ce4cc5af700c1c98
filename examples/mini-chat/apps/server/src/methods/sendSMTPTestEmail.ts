import { Meteor } from 'meteor/meteor';

Meteor.methods({
	async sendSMTPTestEmail() {
		const uid = Meteor.userId();
		if (!uid) {
			throw new Error('not-authorized');
		}
		console.log(`test mail sent to ${uid}`);
	},
});
