/**
 * JSON bodies only, at most `limit` bytes. A POST that is not `application/json` is refused with
 * 415 before anything is read.
 */
import express, { type RequestHandler } from "express";
import { HttpError } from "./http-error.js";

export function jsonBody(limit: string): RequestHandler[] {
	const requireJson: RequestHandler = (req, _res, next) => {
		if (req.method === "POST" && !req.is("application/json")) {
			next(new HttpError(415, "unsupported-media-type", "send the body as application/json"));
			return;
		}
		next();
	};
	return [requireJson, express.json({ limit, strict: true, type: "application/json" })];
}
