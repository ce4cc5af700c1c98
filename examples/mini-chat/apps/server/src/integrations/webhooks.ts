import { performSendMessage } from '../methods/sendMessage';
import { ApiClass } from '../api/ApiClass';

/** Incoming webhooks: external systems post messages to `/hooks/<integrationId>/<token>`. */
const Api = new ApiClass({ apiPath: 'hooks/' });

Api.addRoute(':integrationId/:token', { authRequired: false }, {
	async post() {
		return performSendMessage(`integration:${this.urlParams.integrationId}`, { rid: this.bodyParams.rid, text: this.bodyParams.text });
	},
});
