import { type ITranscriptService, proxify } from '@mini-chat/core-services';

// Facades of the server's own services, made with the core-services factory outside that package.
export const Transcript = proxify<ITranscriptService>('transcript');
export const TranscriptEE = proxify<ITranscriptService>('transcript-enterprise');
