/** The tool version, recorded in every index and reported by the service. */
export const VERSION = "0.1.0";
