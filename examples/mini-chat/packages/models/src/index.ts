export { BaseModel } from './BaseModel';
export { Messages } from './Messages';
export { Users } from './Users';
export { PushTokens } from './PushTokens';
export type { IMessage, IUser, IPushToken } from './types';
export { Settings, type ISetting } from './Settings';
