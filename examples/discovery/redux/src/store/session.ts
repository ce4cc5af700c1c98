// An action creator whose type no reducer here handles (middleware acts on it): it is one because what it
// returns is dispatched (`dispatch(sessionExpired())` in the UI).
export const sessionExpired = () => ({ type: "session/expired" });
