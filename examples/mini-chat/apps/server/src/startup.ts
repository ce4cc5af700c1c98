import { api } from '@mini-chat/core-services';
import { Meteor } from 'meteor/meteor';

import { PresenceService } from './services/presence/PresenceService';
import { PushService } from './services/push/PushService';
import './methods/sendMessage';
import './methods/setUserStatus';
import './api/v1/chat';
import './lib/sendNotificationsOnMessage';

Meteor.startup(() => {
	api.registerService(new PushService());
	api.registerService(new PresenceService());
});
