/**
 * Where job callbacks may go. Whoever holds the bearer token chooses a callback URL, so without a
 * policy the sidecar would POST wherever that caller likes (cloud metadata, services on its own
 * loopback) and report what answered. The rules, applied to every address a host resolves to
 * when the connection is made (not to the URL's text, which DNS can point anywhere):
 *   - never: unspecified, broadcast, multicast, link-local (169.254.0.0/16 holds the cloud
 *     metadata service), reserved ranges, and the known metadata addresses;
 *   - loopback and private ranges (10/8, 172.16/12, 192.168/16, fc00::/7, 100.64/10) only for an
 *     origin the operator listed (CODEASK_CALLBACK_ORIGINS) or the app registered with its token;
 *   - anything else (public unicast) is allowed.
 * The WHATWG URL parser has already normalised encoded IPv4 forms (0x7f.1, 2130706433, 0177.0.0.1)
 * and IPv4-mapped IPv6 is judged as the IPv4 address it carries.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

export type AddressVerdict = "public" | "local" | "forbidden";

/** Metadata services that sit in ranges which are otherwise only "local". */
const METADATA = new Set(["fd00:ec2::254", "100.100.100.200"]);
const LOCAL_RANGES = new Set(["loopback", "private", "uniqueLocal", "carrierGradeNat"]);
const PUBLIC_RANGES = new Set(["unicast", "global"]);

/** How an IP address literal is treated; a string that is not an IP address is "forbidden". */
export function classifyAddress(address: string): AddressVerdict {
	const text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
	if (!ipaddr.isValid(text)) return "forbidden";
	let ip = ipaddr.parse(text);
	if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) {
		ip = (ip as ipaddr.IPv6).toIPv4Address();
	}
	if (METADATA.has(ip.toNormalizedString()) || METADATA.has(ip.toString())) return "forbidden";
	const range = ip.range();
	if (LOCAL_RANGES.has(range)) return "local";
	if (PUBLIC_RANGES.has(range)) return "public";
	return "forbidden";
}

export function allowed(verdict: AddressVerdict, allowLocal: boolean): boolean {
	return verdict === "public" || (verdict === "local" && allowLocal);
}

/** A callback address the policy refuses (the message is for the operator's log, not the caller). */
export class CallbackAddressError extends Error {
	readonly code = "ECALLBACKADDRESS";
	constructor(message: string) {
		super(message);
		this.name = "CallbackAddressError";
	}
}

/**
 * A `lookup` for http(s).request that resolves as usual, then keeps only the addresses the policy
 * allows: the connection can only be made to an address that was checked.
 */
export function guardedLookup(allowLocal: boolean): LookupFunction {
	return (hostname, options, callback) => {
		dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
			if (err) {
				callback(err, "", 4);
				return;
			}
			const ok = addresses.filter((a) => allowed(classifyAddress(a.address), allowLocal));
			const first = ok[0];
			if (!first) {
				const seen = addresses.map((a) => `${a.address} (${classifyAddress(a.address)})`).join(", ");
				callback(new CallbackAddressError(`${hostname} resolves to no allowed address: ${seen}`), "", 4);
				return;
			}
			if ((options as { all?: boolean }).all) (callback as (e: null, a: LookupAddress[]) => void)(null, ok);
			else callback(null, first.address, first.family);
		});
	};
}

/**
 * Callback origins the operator listed, plus those the app registered with its token (at most
 * `maxRegistered`, for the life of the process, so a token holder cannot turn registration into a
 * way to reach every port of the private network).
 */
export class CallbackOrigins {
	private readonly registered = new Set<string>();

	constructor(
		readonly listed: readonly string[],
		readonly maxRegistered = 4,
	) {}

	/** Whether a callback to `origin` may reach loopback and private addresses. */
	allowsLocal(origin: string): boolean {
		return this.listed.includes(origin) || this.registered.has(origin);
	}

	/** Whether jobs may call back to `origin` at all (a non-empty operator list is exclusive). */
	accepts(origin: string): boolean {
		return this.listed.length === 0 || this.listed.includes(origin);
	}

	/** Register an origin; false when the registration budget is spent (the origin is not added). */
	register(origin: string): boolean {
		if (this.registered.has(origin) || this.listed.includes(origin)) return true;
		if (this.registered.size >= this.maxRegistered) return false;
		this.registered.add(origin);
		return true;
	}

	get all(): string[] {
		return [...new Set([...this.listed, ...this.registered])];
	}
}
