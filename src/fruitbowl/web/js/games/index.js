// Which renderer draws which game: the server lists every game with its board module's address
// (GET /api/games, each game's "board", from its plugin), so this client names no game. A renderer
// module exports render(board), panelStats(view, seat) and the rest of the interface described in
// docs/web.md; the board is the page's board kit (board-kit.js). A renderer that exports
// STYLESHEET (an address relative to the module: "./citrus.css") has that sheet loaded before it
// draws, so a game's look lives beside its renderer, not in the client's stylesheet.

import { games } from "../api.js";

let boards = null; // game id -> module address, fetched once per page

async function boardOf(gameId) {
  if (!boards) {
    const listed = await games();
    boards = new Map(listed.games.map((game) => [game.id, game.board]));
  }
  return boards.get(gameId);
}

const sheets = new Map(); // stylesheet address -> the promise of its loading, once per page

function stylesheet(address) {
  if (!sheets.has(address)) {
    const loaded = new Promise((resolve, reject) => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = address;
      link.onload = resolve;
      link.onerror = () => {
        sheets.delete(address); // asked again next time
        link.remove();
        reject(new Error(`the board's stylesheet ${address} did not load`));
      };
      document.head.append(link);
    });
    sheets.set(address, loaded);
  }
  return sheets.get(address);
}

export async function rendererFor(gameId) {
  const address = await boardOf(gameId);
  if (!address) throw new Error(`this browser client has no board for the game "${gameId}" yet`);
  const renderer = await import(address);
  if (renderer.STYLESHEET) await stylesheet(new URL(renderer.STYLESHEET, new URL(address, location.href)).href);
  return renderer;
}
