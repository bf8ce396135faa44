// The server's JSON API (docs/api.md): every call is a POST of a JSON body
// or a GET, and every error comes back as {"error":{"code","message"}}.

/** An error the server answered with, or a network failure. */
export class ApiError extends Error {
  constructor(status, code, message, data) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

async function answer(response) {
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError(response.status, 'not-json', `the server answered ${response.status} with something that is not JSON`);
  }
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(response.status, error.code || 'http-' + response.status, error.message || `the server answered ${response.status}`, data);
  }
  return data;
}

// Requests in flight, shown on <html data-busy> (the browser tests wait
// for it to go away; a style could show it too).
let inFlight = 0;

function busy(delta) {
  inFlight += delta;
  if (inFlight > 0) document.documentElement.dataset.busy = String(inFlight);
  else delete document.documentElement.dataset.busy;
}

async function request(path, init) {
  busy(1);
  try {
    let response;
    try {
      response = await fetch(path, init);
    } catch (e) {
      throw new ApiError(0, 'network', 'the server cannot be reached: ' + e.message);
    }
    return await answer(response);
  } finally {
    busy(-1);
  }
}

/** POST `body` as JSON to `path`; the parsed answer, or an ApiError. */
export function post(path, body) {
  return request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** GET `path`; the parsed answer, or an ApiError. */
export function get(path) {
  return request(path, {});
}

let profilesCache = null;

/** Every built-in profile, fetched once: [{name, game, description}]. */
export async function profiles() {
  if (!profilesCache) {
    profilesCache = get('/api/profiles').then((d) => d.profiles);
    profilesCache.catch(() => {
      profilesCache = null;
    });
  }
  return profilesCache;
}
