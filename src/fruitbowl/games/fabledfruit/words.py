# ruff: noqa: E501
"""The words of the location cards as ``data.toml`` prints them (names and actions), marked for the
catalogs: the data file stays English, and :func:`.text.location_name` and :func:`.text.location_action`
say them through ``_()``. A test holds this list to the data (tests/i18n/test_fabledfruit_sentences.py).
"""

from fruitbowl.engine.wording import N_, pgettext

#: Each location's name and action text, by location number.
LOCATION_WORDS: dict[int, tuple[str, str]] = {
    1: (N_("Draw 2 fruits"), N_("Draw 2 fruits from the draw stack.")),
    2: (
        N_("Exchange 1 banana for 2 fruits"),
        N_(
            "Give 1 banana from your hand to another player of your choice; that player then gives you 2 fruits of their choice from their hand (a banana is allowed). If that player holds only 1 fruit, they give that one."
        ),
    ),
    3: (
        N_("Draw 1 fruit, then exchange 3 fruits"),
        N_(
            "Draw 1 fruit. Then choose another player holding at least 3 fruits; they give you 3 fruits of their choice; then you give that player any 3 fruits of your choice from your hand (you may hand back cards you just received)."
        ),
    ),
    4: (
        N_("Take from the richest"),
        N_(
            "Among the other players, find the one(s) with the most fruits in hand (tie: you choose). Take 2 random fruits from that player's hand."
        ),
    ),
    5: (
        N_("Gamble"),
        N_(
            "Push your luck: reveal fruits from the draw stack one at a time. After each reveal, if its type equals the type of a fruit already revealed in this action, you bust: discard everything revealed in this action and the action ends. Otherwise you may stop and take all revealed fruits into your hand, or reveal another. At most 5 reveals; after the 5th, or when both fruit piles are exhausted, you stop and take them."
        ),
    ),
    6: (
        N_("Seek one fruit"),
        N_(
            "Name a fruit type. Reveal fruits from the draw stack one at a time until one of that type appears; take it; discard all other fruits revealed in this action. If the draw stack and discard pile run out first, you get nothing."
        ),
    ),
    7: (N_("Two pineapples for five"), N_("Discard 2 pineapples from your hand, then draw 5 fruits.")),
    8: (N_("Draw 3, give 1"), N_("Draw 3 fruits, then give 1 fruit from your hand to another player.")),
    9: (N_("Strawberry for three"), N_("Discard 1 strawberry, then draw 3 fruits.")),
    10: (
        N_("From the discard pile"),
        N_("Take 2 fruits of your choice from the (public) discard pile into your hand."),
    ),
    11: (N_("Shared harvest"), N_("Draw 2 fruits; then every other player draws 1 fruit.")),
    12: (N_("Gift from the left"), N_("The player to your left gives you 2 fruits of their choice.")),
    13: (
        N_("Pairs"),
        N_(
            "Reveal the top 4 fruits. Take every revealed fruit whose type occurs at least twice among the 4; discard the others."
        ),
    ),
    14: (N_("Coconut for three"), N_("Discard 1 coconut, then draw 3 fruits.")),
    15: (
        N_("Swap two"),
        N_(
            "Choose another player holding at least 2 fruits; they give you 2 fruits of their choice; then you give them 2 fruits of your choice (you may hand back cards just received). Then draw 1 fruit."
        ),
    ),
    16: (N_("Grape for three"), N_("Discard 1 grape, then draw 3 fruits.")),
    17: (N_("Catch-up"), N_("Draw 1 fruit, plus 1 more for every other player who owns more fabled juices than you.")),
    18: (
        N_("Tribute"),
        N_(
            "Every other player holding more fruits than you (counted once, before anyone gives) gives you 1 fruit of their choice."
        ),
    ),
    19: (N_("Banana for three"), N_("Discard 1 banana, then draw 3 fruits.")),
    20: (N_("Second helping"), N_("Draw 2 fruits; then you may discard 1 fruit to draw 1 fruit.")),
    21: (
        N_("Market"),
        N_(
            "Swap 1 or 2 fruits from your hand with the same number of market fruits of your choice, then draw 1 fruit."
        ),
    ),
    22: (N_("Market stall"), N_("Refill the market to 5 fruits, then take 2 market fruits.")),
    23: (
        N_("Generous picker"),
        N_(
            "Draw 4 fruits, then give 1 fruit each to two different other players (both to the same player in a 2-player game)."
        ),
    ),
    24: (
        N_("Lucky guess"),
        N_(
            "Name a fruit type, reveal the top 3 fruits, take all revealed fruits of the named type and discard the rest."
        ),
    ),
    25: (
        N_("Market sweep"),
        N_(
            "Choose a fruit type present in the market; take all market fruits of that type; then refill the market to 5."
        ),
    ),
    26: (
        N_("Forced trade"),
        N_(
            "Choose another player; take 1 random fruit from their hand; give them 1 fruit of your choice; then draw 1 fruit."
        ),
    ),
    27: (N_("Big draw"), N_("Draw 5 fruits, then discard 2 fruits from your hand.")),
    28: (
        N_("The thief"),
        N_(
            "Place the thief next to a location stack of your choice (not the one it is already next to). Take 1 random fruit from the hand of every other player whose animal stands on that location."
        ),
    ),
    29: (N_("Draw and browse"), N_("Draw 2 fruits, then take 1 market fruit (if any).")),
    30: (N_("Pair for four"), N_("Discard 2 fruits of the same type, then draw 4 fruits.")),
    31: (
        N_("Peek and snatch"),
        N_("Look at another player's hand and take 2 fruits of your choice from it; that player then draws 1 fruit."),
    ),
    32: (
        N_("Pass it on"),
        N_(
            "Every player who holds at least 1 fruit passes 1 random fruit from their hand to the player on their left; all passed fruits are picked before any is handed over. Then you draw 2 fruits."
        ),
    ),
    33: (
        N_("Fruit tokens"),
        N_(
            "Reveal 1 fruit from your hand (keep it) and take the fruit token of that type, from the pool or from another player."
        ),
    ),
    34: (N_("Fresh start"), N_("Discard your whole hand (possibly 0 cards), then draw 4 fruits.")),
    35: (N_("Top picks"), N_("Look at the top 4 fruits of the draw stack, take 2 of them, discard the other 2.")),
    36: (
        N_("Twins"),
        N_("Draw 2 fruits and reveal them (they stay in your hand). If they are of the same type, draw 2 more."),
    ),
    37: (
        N_("Tokens"),
        N_(
            "Take 1 double turn token or 1 wild token from the pool. If the pool has none of the kind you choose, every player first returns theirs to it."
        ),
    ),
    38: (
        N_("Give to get"),
        N_(
            "Give 1 fruit to every other player (as far as your hand allows), then draw as many fruits as there are players in the game."
        ),
    ),
    39: (
        N_("Sell to the market"),
        N_("Put 1 or 2 fruits of one single type from your hand into the market; draw 2 fruits for each fruit put in."),
    ),
    40: (
        N_("The rich share"),
        N_(
            "Every other player who owns the highest number of fabled juices among all players (if that is more than you own; determined once, before anyone gives) gives you 1 fruit of their choice; then draw 1 fruit."
        ),
    ),
    41: (N_("Second chance"), N_("Reveal the top 2 fruits. Either take both, or discard both and then draw 3 fruits.")),
    42: (N_("Two bananas for five"), N_("Discard 2 bananas, then draw 5 fruits.")),
    43: (N_("Two strawberries for five"), N_("Discard 2 strawberries, then draw 5 fruits.")),
    44: (N_("Two coconuts for five"), N_("Discard 2 coconuts, then draw 5 fruits.")),
    45: (N_("Two grapes for five"), N_("Discard 2 grapes, then draw 5 fruits.")),
    46: (
        N_("New market"),
        N_("Discard all market fruits, lay out 5 new market fruits from the draw stack, then take 2 of them."),
    ),
    47: (N_("Three of a kind… different"), N_("Discard 3 fruits of 3 different types, then draw 6 fruits.")),
    48: (
        N_("Missing flavours"),
        N_(
            "Reveal your hand. Draw 1 fruit for every fruit type in play (5; 6 in a Lime campaign) of which you hold none; minimum 1."
        ),
    ),
    49: (
        N_("Visit a neighbour"),
        N_("Choose another player. Each of you draws 2 fruits; then you take 1 random fruit from that player's hand."),
    ),
    50: (N_("Poor harvest"), N_("If you hold 3 or fewer fruits, draw 4 fruits; otherwise draw 1 fruit.")),
    51: (
        N_("Fruit-mix"),
        N_("Take 1 fruit-mix card of your choice from the face-up fruit-mix supply into your hand, then draw 1 fruit."),
    ),
    52: (
        N_("Market exchange"),
        N_(
            "Swap any number (at least 1) of fruits from your hand with the same number of market fruits, then draw 1 fruit."
        ),
    ),
    53: (N_("Pickpocket round"), N_("Take 1 random fruit from every other player who holds at least 3 fruits.")),
    54: (
        N_("Shuffle the hands"),
        N_(
            "Every other player gives you 1 fruit of their choice; then you give each of them 1 fruit of your choice; then you draw 1 fruit."
        ),
    ),
    55: (N_("Big harvest"), N_("Draw 4 fruits.")),
    56: (N_("Feast"), N_("Draw 3 fruits; every other player draws 1 fruit.")),
    57: (
        N_("Clear out"),
        N_("Discard 2 or more fruits of pairwise different types, then draw 2 fruits per fruit discarded."),
    ),
    58: (
        N_("Greed"),
        N_("Take 2 random fruits from the other player holding the most fruits (tie: you choose); then draw 1 fruit."),
    ),
    59: (N_("The grand orchard"), N_("Draw 3 fruits.")),
    60: (N_("Take 1 lime"), N_("Take 1 lime from the lime pile into your hand. Lime pile empty: draw 1 fruit.")),
    61: (
        N_("Discard 1 lime for 3 fruits"),
        N_("Discard 1 lime from your hand to draw 3 fruits. No lime in hand: draw 1 fruit."),
    ),
    62: (
        N_("No lime: restock 1 lime and draw 1 fruit"),
        N_(
            "If you hold no lime: reveal your hand, take 1 lime from the lime pile and draw 1 fruit. With a lime in hand: only draw 1 fruit."
        ),
    ),
    63: (
        N_("Reveal 1 fruit for a matching fruit token"),
        N_(
            "Reveal 1 fruit from your hand (keep it) and take the fruit token of its type, from the pool or from another player; use it for good instead of a matching fruit when buying. Empty hand, or you hold the token of every type in your hand: draw 1 fruit."
        ),
    ),
    64: (
        N_("Take 1 double turn token or 1 wild token"),
        N_(
            "Take 1 double turn token or 1 wild token. If the pool has none of the type you choose, every player returns theirs first. A double turn token cannot be used on the turn you took it."
        ),
    ),
    65: (
        N_("Save fruits"),
        N_(
            "Put 1 fruit from your hand face down under your animal token: it leaves your hand and counts twice when you pay for a fabled juice. Empty hand: draw 1 fruit."
        ),
    ),
    66: (
        N_("Take 3 market fruits (limit 5 fruits)"),
        N_(
            "Take 3 market fruits (all, if fewer) into your hand, then discard down to 5 fruits in hand. Empty market: draw 1 fruit."
        ),
    ),
    67: (
        N_("Trade 1 lime for 2 market fruits"),
        N_(
            "Refill the market to 5 fruits, then trade 1 lime from your hand for 2 non-lime market fruits. No lime in hand: draw 1 fruit."
        ),
    ),
    68: (
        N_("Restock fruits in hand"),
        N_("Discard any number of fruits from your hand, then draw that many fruits plus 1."),
    ),
    69: (
        N_("Be invisible"),
        N_(
            "Take the camouflage coat from the pool or from another player. While you hold it you pay nothing for moving (neither the players there nor the thief). Already yours: draw 1 fruit."
        ),
    ),
    70: (
        N_("Offer 2 limes"),
        N_(
            "Put 2 limes from the lime pile in the centre. In turn order the other players may each offer fruits from their hands. Accept one offer (you take its fruits, that player takes the limes) or none (you take the limes and every other player draws 1 fruit). Lime pile empty: draw 1 fruit."
        ),
    ),
    71: (
        N_("Take 1 gambling token"),
        N_(
            "Take 1 gambling token (an empty pool first calls every gambling token back). When buying, return gambling tokens to reveal 3 fruits each and pay with them too; unused reveals are discarded, and a failed purchase cannot switch back to the action."
        ),
    ),
    72: (
        N_("Trade fabled juice"),
        N_(
            "Return 1 of your fabled juices face up to the display in exchange for the top card of another stack as a fabled juice, then take 1 lime from the lime pile. Optional: with no juice, or if you decline, draw 1 fruit."
        ),
    ),
    73: (
        N_("Take 1 fruit from the discard pile"),
        N_("Take 1 fruit of your choice from the discard pile. Discard pile empty: draw 1 fruit."),
    ),
    74: (
        N_("Limes for the other players"),
        N_(
            "In turn order every other player may take 1 lime from the lime pile; you draw 2 fruits for each lime taken. If all pass, you take 1 lime. Lime pile empty: draw 1 fruit."
        ),
    ),
    75: (
        N_("2 limes for the poor"),
        N_(
            "If you hold 2 or fewer fruits, take 2 limes from the lime pile (1 if only 1 is left). With 3 or more fruits: draw 1 fruit."
        ),
    ),
    76: (
        N_("The thief V2.0"),
        N_(
            "Put the thief next to 2 location stacks, neither of them next to the thief now, and take 1 random fruit from every other player standing on either. Moving onto a stack next to the thief costs 1 fruit into the market first."
        ),
    ),
    77: (
        N_("Place different fruits into the market"),
        N_(
            "Put any number (at least 1) of fruits of different types from your hand into the market; draw 2 fruits for each. Empty hand: draw 1 fruit."
        ),
    ),
    78: (
        N_("Take different market fruits"),
        N_(
            "Take any number (at least 1) of market fruits of different types into your hand. Empty market: draw 1 fruit."
        ),
    ),
    79: (
        N_("The last fabled juice"),
        N_(
            "Draw 2 fruits. You may buy this fabled juice only if it is the last one you need to reach the target (even after the end was triggered)."
        ),
    ),
}


#: Each action kind's label, as the balance report says it (``fruitbowl analyze``).
KIND_WORDS = {
    "move": lambda: pgettext("action kind", "Move to a location"),
    "thief": lambda: pgettext("action kind", "Place the thief"),
    "give": lambda: pgettext("action kind", "Give a fruit"),
    "discard": lambda: pgettext("action kind", "Discard a fruit"),
    "put": lambda: pgettext("action kind", "Put a fruit into the market"),
    "take": lambda: pgettext("action kind", "Take a fruit"),
    "pay": lambda: pgettext("action kind", "Pay"),
    "player": lambda: pgettext("action kind", "Choose a player"),
    "name": lambda: pgettext("action kind", "Name a fruit type"),
    "save": lambda: pgettext("action kind", "Save a fruit under the animal token"),
    "offer": lambda: pgettext("action kind", "Offer a fruit"),
    "accept": lambda: pgettext("action kind", "Accept an offer"),
    "gamble": lambda: pgettext("action kind", "Buy with gambling tokens"),
    "return": lambda: pgettext("action kind", "Trade back a fabled juice"),
    "juice": lambda: pgettext("action kind", "Take a card as a fabled juice"),
    "act": lambda: pgettext("action kind", "Act at a location"),
    "buy": lambda: pgettext("action kind", "Buy a fabled juice"),
    "skip": lambda: pgettext("action kind", "Leave a player unpaid"),
    "reveal": lambda: pgettext("action kind", "Reveal a fruit"),
    "stop": lambda: pgettext("action kind", "Stop revealing"),
    "done": lambda: pgettext("action kind", "Done"),
    "keep": lambda: pgettext("action kind", "Keep the revealed fruits"),
    "redraw": lambda: pgettext("action kind", "Discard both and draw again"),
    "double": lambda: pgettext("action kind", "Take a double turn token"),
    "wild": lambda: pgettext("action kind", "Take a wild token"),
    "extra_turn": lambda: pgettext("action kind", "Take an extra turn"),
    "end_turn": lambda: pgettext("action kind", "End the turn"),
    "refuse": lambda: pgettext("action kind", "Accept no offer"),
    "decline": lambda: pgettext("action kind", "Do not trade"),
}
