// The players' page standing alone (/games/{id}/rules): its pieces drawn with the board's art.

import { drawPieces } from "./rules.js";

const article = document.querySelector("article.rules");
if (article && document.body.dataset.game) drawPieces(document.body.dataset.game, article);
