import { BaseModel } from './BaseModel';

export interface ISetting {
	_id: string;
	value: unknown;
}

/** The settings collection. Same export name as the `Settings` service facade, different thing. */
export const Settings = new BaseModel<ISetting>('settings');
