type Action = (this: { userId: string; bodyParams: any; urlParams: any }) => Promise<unknown>;
type Actions = Partial<Record<'get' | 'post' | 'delete', Action>>;

interface ApiOptions {
	/** First path segment of every route of this API (default `api/`). */
	apiPath?: string;
	/** Version segment after `apiPath`, e.g. `v1`, or a feature namespace such as `apps`. */
	version?: string;
}

/** A REST API whose routes live under `/<apiPath><version>/`. */
export class ApiClass {
	private readonly routes = new Map<string, Actions>();

	constructor(private readonly options: ApiOptions) {}

	/** Register one route, or the same actions under several paths. */
	addRoute(paths: string | string[], _options: { authRequired?: boolean }, actions: Actions): void {
		const base = `/${this.options.apiPath ?? 'api/'}${this.options.version ? `${this.options.version}/` : ''}`;
		for (const path of Array.isArray(paths) ? paths : [paths]) {
			this.routes.set(`${base}${path}`, actions);
		}
	}
}
