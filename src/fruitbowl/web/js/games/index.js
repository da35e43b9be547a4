// Which renderer draws which game: the server lists every game with its board module's address
// (GET /api/games, each game's "board", from its plugin), so this client names no game. A renderer
// module exports render(board), panelStats(view, seat) and the rest of the interface described in
// docs/web.md; the board is the page's board kit (board-kit.js).

import { games } from "../api.js";

let boards = null; // game id -> module address, fetched once per page

async function boardOf(gameId) {
  if (!boards) {
    const listed = await games();
    boards = new Map(listed.games.map((game) => [game.id, game.board]));
  }
  return boards.get(gameId);
}

export async function rendererFor(gameId) {
  const address = await boardOf(gameId);
  if (!address) throw new Error(`this browser client has no board for the game "${gameId}" yet`);
  return import(address);
}
