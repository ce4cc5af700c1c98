/**
 * Hostile or malformed repository locations (issue 14's bar: each refused with a clear message,
 * nothing executed). `MARK` is replaced by a file a successful injection would create; `ROOT` by
 * the local root. Shared by the tests and `npm run repos-bars`.
 */
export const HOSTILE_URLS: readonly string[] = [
	"ext::sh -c touch% MARK",
	"ext::sh%20-c%20touch%20MARK",
	"fd::17",
	"--upload-pack=touch MARK",
	"-c core.sshCommand=touch MARK",
	"ssh://-oProxyCommand=touch%20MARK/repo",
	"git@-oProxyCommand=touch:repo",
	"file:///etc",
	"/etc",
	"ROOT/../../etc",
	"file://remote-host/share/repo.git",
	"http://127.0.0.1/repo.git",
	"git://127.0.0.1/repo.git",
	"ftp://127.0.0.1/repo.git",
	"https://user:secret-token@github.com/org/repo.git",
	"https://github.com/org/repo.git\n--upload-pack=touch MARK",
	"https://",
	"https://github.com/org/repo.git?--upload-pack=touch",
	"",
	"not a url at all",
	"javascript:alert(1)",
	"C:\\repos\\thing",
];
