/** The shape the per-class idioms share (class members, decorators, hook methods); apart from sites.ts, which compile.ts reaches. */
import type { ClassDeclaration } from "ts-morph";
import type { SiteContext } from "../../index/types.js";
import type { Compiled } from "../compile.js";
import type { Emit } from "../sites.js";

/** A class idiom's pass over one class of the file: the sites its idioms (`c`) find there, emitted. */
export type ClassIdiom = (cls: ClassDeclaration, c: Compiled, ctx: SiteContext, emit: Emit) => void;
