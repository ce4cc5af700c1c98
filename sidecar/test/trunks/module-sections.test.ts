import { describe, expect, it } from "vitest";
import { builtinPresets } from "../../src/trunks/load.js";
import { alwaysOn, extractSites, summary } from "./in-memory.js";

/** Only the preset of modules written as objects of sections, on whatever the in-memory repository is. */
const sectionsPreset = () => alwaysOn(builtinPresets().filter((p) => p.name === "apostrophe"));

// A module in the framework's shape: its folder below `modules/` is its registered name, `options.alias`
// its name on the registry, and its sections return members.
const ledger = `module.exports = {
  options: { alias: 'ledger' },
  methods(self) {
    return {
      async record(req, entry) {
        await self.emit('beforeRecord', req, entry);
        self.check(entry);
        await self.emit('@acme/audit:noted', req, entry);
      },
      check(entry) {},
      total() { return 0; }
    };
  },
  apiRoutes(self) {
    return {
      post: {
        async submitEntry(req) { return self.record(req, req.body); },
        ':_id/void': async (req) => {},
        '/api/custom-feed': async (req) => {}
      },
      get: { summary(req) {} }
    };
  },
  handlers(self) {
    return {
      beforeRecord: { stamp(req, entry) {} },
      '@acme/audit:noted': { mirror(req, entry) {} }
    };
  }
};`;

// A module without an alias: its methods are no registry keys, its routes and events still are.
const audit = `module.exports = {
  methods(self) {
    return {
      async note(req, entry) {
        await self.apos.ledger.record(req, entry);
        self.apos.ledger.total();
        self.apos.ledger.db.insertOne(entry);
        await self.emit('noted', req, entry);
      },
      flush() {},
      size() { return 0; }
    };
  }
};`;

/** The sites of the two modules above, in their folders. */
const twoModules = () =>
	extractSites(
		{ "modules/@acme/ledger/index.js": ledger, "modules/@acme/audit/index.js": audit },
		sectionsPreset(),
	);

describe("modules written as objects of sections", () => {
	it("registers a module's methods under its alias and joins registry calls to them", () => {
		const sites = twoModules();
		expect(summary(sites, "module-registry")).toEqual([
			"module-registry dispatch ledger.record",
			"module-registry dispatch ledger.total",
			"module-registry register ledger.check",
			"module-registry register ledger.record",
			"module-registry register ledger.total",
		]);
		const record = sites.find((s) => s.side === "register" && s.key === "ledger.record");
		expect(record?.handlerDefId).toBe("modules/@acme/ledger/index.js#methods.record");
		const call = sites.find((s) => s.side === "dispatch" && s.key === "ledger.record");
		expect(call?.enclosingDefId).toBe("modules/@acme/audit/index.js#methods.note");
	});

	it("serves a module's API routes below its registered name, method names kebab-cased", () => {
		const sites = extractSites(
			{
				"modules/@acme/ledger/index.js": ledger,
				"ui/apos/components/LedgerForm.js": `export async function send(entry) {
  await apos.http.post('/api/v1/@acme/ledger/submit-entry', { body: entry });
  await apos.ledger.record(entry);
}`,
			},
			alwaysOn(builtinPresets().filter((p) => p.name === "apostrophe" || p.name === "generic")),
		);
		expect(summary(sites, "http-route")).toEqual([
			"http-route dispatch POST /api/v1/@acme/ledger/submit-entry",
			"http-route register GET /api/v1/@acme/ledger/summary",
			"http-route register POST /api/custom-feed",
			"http-route register POST /api/v1/@acme/ledger/:_id/void",
			"http-route register POST /api/v1/@acme/ledger/submit-entry",
		]);
		// Browser code has a registry of its own: `apos.ledger` there is no server module.
		expect(summary(sites, "module-registry").filter((s) => s.includes("dispatch"))).toEqual([]);
	});

	it("reads a URL written below a module's own base path, the module named by its alias or its name", () => {
		const sites = extractSites(
			{
				"modules/@acme/ledger/index.js": ledger,
				"ui/apos/components/LedgerForm.js": `export async function send(entry, id, suffix) {
  await apos.http.post(\`\${apos.ledger.action}/submit-entry\`, { body: entry });
  await apos.http.post(\`\${apos.ledger.action}/\${id}/void?reason=\${entry.reason}\`, {});
  await apos.http.get(\`\${apos.modules['@acme/ledger'].action}/summary\`, {});
  await apos.http.post(\`\${apos.missing.action}/submit-entry\`, {});
  await apos.http.post(\`\${apos.ledger.action}\${suffix}\`, {});
  await apos.http.post(\`\${this.action}/submit-entry\`, {});
}`,
			},
			alwaysOn(builtinPresets().filter((p) => p.name === "apostrophe" || p.name === "generic")),
		);
		// An alias no module declares, a rest that is no path and a base the code holds elsewhere make no site.
		expect(summary(sites, "http-route").filter((s) => s.includes("dispatch"))).toEqual([
			"http-route dispatch GET /api/v1/@acme/ledger/summary",
			"http-route dispatch POST /api/v1/@acme/ledger/:_id/void",
			"http-route dispatch POST /api/v1/@acme/ledger/submit-entry",
		]);
		const call = sites.find(
			(s) => s.side === "dispatch" && s.key === "POST /api/v1/@acme/ledger/submit-entry",
		);
		expect(call?.enclosingDefId).toBe("ui/apos/components/LedgerForm.js#send");
		expect(call?.rawKey).toBe("POST /api/v1/@acme/ledger/submit-entry");
	});

	it("joins the events a module emits on itself to the handlers listening under its name", () => {
		const sites = twoModules();
		expect(summary(sites, "module-events")).toEqual([
			"module-events dispatch @acme/audit:noted",
			"module-events dispatch @acme/audit:noted",
			"module-events dispatch @acme/ledger:beforeRecord",
			"module-events register @acme/audit:noted",
			"module-events register @acme/ledger:beforeRecord",
		]);
	});

	it("registers nothing and emits no module event outside a module's folder", () => {
		const sites = extractSites(
			{
				"lib/ledger.js": ledger,
				"lib/audit.js": audit,
			},
			sectionsPreset(),
		);
		// Registry calls are read in any server file; with no module registered they stay unjoined.
		expect(summary(sites)).toEqual([
			"module-registry dispatch ledger.record",
			"module-registry dispatch ledger.total",
		]);
	});
});

// A chain of modules: `@acme/entry-type` (its methods held in a variable) extends the framework's default base, `@acme/ledger-type` extends
// it and wraps one of its members (`extendMethods`), `@acme/ledger` extends that with an alias of its own.
const chain = {
	"modules/@apostrophecms/module/index.js": `module.exports = {
  methods(self) {
    return {
      describe() { return 'module'; },
      render(req) {}
    };
  }
};`,
	"modules/@acme/entry-type/index.js": `module.exports = {
  methods(self) {
    const methods = {
      find(req, criteria) { self.render(req); },
      async settle(req, draft) {
        await self.copyForPublication(req, draft);
        await self.insertSettled(req, draft);
      },
      copyForPublication(req, draft) {},
      describe() { return 'entry'; }
    };
    return methods;
  }
};`,
	"modules/@acme/ledger-type/index.js": `module.exports = {
  extend: '@acme/entry-type',
  extendMethods(self) {
    return {
      async settle(_super, req, draft) { return _super(req, draft); }
    };
  }
};`,
	"modules/@acme/ledger/index.js": `module.exports = {
  extend: '@acme/ledger-type',
  options: { alias: 'ledger' },
  methods(self) {
    return {
      async close(req, draft) {
        await self.settle(req, draft);
        self.check(draft);
        self.missing();
      },
      check(draft) {},
      insertSettled(req, draft) {}
    };
  }
};`,
	"modules/@acme/audit/index.js": `module.exports = {
  methods(self) {
    return {
      async note(req) {
        await self.apos.ledger.find(req, {});
        self.apos.ledger.describe();
        self.apos.ledger.close(req, {});
        self.render(req);
      }
    };
  }
};`,
};

describe("modules inheriting the members of the module they extend", () => {
	const handler = (sites: ReturnType<typeof extractSites>, trunk: string, key: string) =>
		sites
			.filter((s) => s.trunk === trunk && s.side === "register" && s.key === key)
			.map((s) => s.handlerDefId);

	it("joins a registry call to a member its module inherits, the nearest definition up the chain", () => {
		const sites = extractSites(chain, sectionsPreset());
		expect(summary(sites, "module-registry").filter((s) => s.includes("ledger."))).toEqual([
			"module-registry dispatch ledger.close",
			"module-registry dispatch ledger.describe",
			"module-registry dispatch ledger.find",
			"module-registry register ledger.check",
			"module-registry register ledger.close",
			"module-registry register ledger.describe",
			"module-registry register ledger.find",
			"module-registry register ledger.insertSettled",
		]);
		// An inherited member no call asks for (`ledger.settle`) registers nothing; `describe`, defined
		// twice up the chain, is the nearer module's.
		expect(["ledger.find", "ledger.describe"].map((k) => handler(sites, "module-registry", k))).toEqual([
			["modules/@acme/entry-type/index.js#methods.methods.find"],
			["modules/@acme/entry-type/index.js#methods.methods.describe"],
		]);
		// Registered in the inheriting module's file, at its `extend`.
		const find = sites.find((s) => s.side === "register" && s.key === "ledger.find");
		expect([find?.file, find?.line, find?.expression]).toEqual([
			"modules/@acme/ledger/index.js",
			2,
			"extend: '@acme/ledger-type'",
		]);
	});

	it("keys a module's call on itself to an inherited member by the module defining it, a wrapper before the member it wraps", () => {
		const sites = extractSites(chain, sectionsPreset());
		// `self.copyForPublication()` and `self.check()` call the module's own members: no sites. `self.missing()`
		// no module of the chain defines: no site. Two modules calling the default base's `render`: one key.
		expect(summary(sites, "module-methods")).toEqual([
			"module-methods dispatch @acme/entry-type.insertSettled",
			"module-methods dispatch @acme/ledger-type.settle",
			"module-methods dispatch @apostrophecms/module.render",
			"module-methods dispatch @apostrophecms/module.render",
			"module-methods register @acme/entry-type.insertSettled",
			"module-methods register @acme/ledger-type.settle",
			"module-methods register @apostrophecms/module.render",
		]);
		// A member the base calls but leaves to the modules extending it: theirs, registered at their `extend`.
		const implemented = sites.find(
			(s) => s.side === "register" && s.key === "@acme/entry-type.insertSettled",
		);
		expect([implemented?.handlerDefId, implemented?.file]).toEqual([
			"modules/@acme/ledger/index.js#methods.insertSettled",
			"modules/@acme/ledger/index.js",
		]);
		// The wrapper first, registered in its own module; and the default base, for a module naming none.
		expect(
			["@acme/ledger-type.settle", "@apostrophecms/module.render"].map((k) =>
				handler(sites, "module-methods", k),
			),
		).toEqual([
			["modules/@acme/ledger-type/index.js#extendMethods.settle"],
			["modules/@apostrophecms/module/index.js#methods.render"],
		]);
		const render = sites.find((s) => s.side === "register" && s.key === "@apostrophecms/module.render");
		expect(render?.file).toBe("modules/@apostrophecms/module/index.js");
	});
});
