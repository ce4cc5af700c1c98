export { default as Room } from './views/room/Room';
export { MessageComposer } from './views/room/MessageComposer';
export * from './lib/presence';
