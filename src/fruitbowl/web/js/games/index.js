// Which renderer draws which game. A new game adds its module here and nowhere else.

const RENDERERS = {
  tanghulu: () => import("./tanghulu.js"),
  juicyfruits: () => import("./juicyfruits.js"),
  fabledfruit: () => import("./fabledfruit.js"),
  citrus: () => import("./citrus.js"),
};

export async function rendererFor(gameId) {
  const load = RENDERERS[gameId];
  if (!load) throw new Error(`this browser client has no board for the game "${gameId}" yet`);
  return load();
}
