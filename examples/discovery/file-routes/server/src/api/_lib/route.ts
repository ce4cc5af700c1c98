// A private folder: never routed, whatever it exports.
export const GET = () => "not a route";
