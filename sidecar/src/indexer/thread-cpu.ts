/**
 * CPU time of the calling thread, for the timings of a threaded run. `process.cpuUsage()` is the
 * whole process (every extraction thread and V8's compiler and GC threads); on a shared, loaded
 * machine the wall time of one share says little, its thread's CPU time does. Linux only (read
 * from /proc); undefined elsewhere.
 */
import { readFileSync } from "node:fs";

/** USER_HZ: the unit of /proc's tick counts, 100 on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds of this thread so far (10 ms resolution), or undefined. */
export function threadCpuMs(): number | undefined {
	let stat: string;
	try {
		stat = readFileSync("/proc/thread-self/stat", "utf8");
	} catch {
		return undefined;
	}
	// Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
	const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
	const user = Number(fields[11]);
	const system = Number(fields[12]);
	if (!Number.isFinite(user) || !Number.isFinite(system)) return undefined;
	return ((user + system) * 1000) / TICKS_PER_SECOND;
}
