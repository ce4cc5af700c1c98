import { api } from '@mini-chat/core-services';
import { Meteor } from 'meteor/meteor';

import { PresenceService } from './services/presence/PresenceService';
import { PushService } from './services/push/PushService';
import { QueueWorkerService } from './services/queue/QueueWorkerService';
import { TranscriptService, TranscriptServiceEE } from './services/transcript/TranscriptService';
import './methods/sendMessage';
import './methods/setUserStatus';
import './methods/requestTranscript';
import './api/v1/chat';
import './lib/sendNotificationsForMessage';

Meteor.startup(() => {
	api.registerService(new PushService());
	api.registerService(new PresenceService());
	api.registerService(new QueueWorkerService());
	api.registerService(new TranscriptService());
	api.registerService(new TranscriptServiceEE());
});
