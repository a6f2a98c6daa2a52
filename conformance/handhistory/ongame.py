"""OnGame network (bwin, PartyPoker's iPoker-era sister skins, 2009-2013) text hand histories.

The grammar below is the format. A hand runs from ``***** History for hand R5-78227816-62
*****`` (a tournament hand: ``T5-...`` and ``(TOURNAMENT: "NAME", R-186-1481, buy-in:
$1.20)``) to ``***** End of hand R5-78227816-62 *****``. The ``Table:`` line names the game
and stakes in capitals: ``Table: Taegu [78227816] (LIMIT SEVEN_CARD_STUD_HI_LO $0.25/$0.50,
ante: $0.05, Real money)`` (``[SPEED]`` before a fast table's name; ``Chips`` in a tournament,
``Play money``). ``User:``, ``Button:`` and ``Players in round:`` say nothing of the chips.

Streets are ``Dealing pocket cards``, ``Dealing 4th street``... ``Dealing river``, after a
``---`` line; the cards are ``Dealing to NAME: [8d, 8s, 4d]`` (``-`` for a card nobody saw;
later streets one card). Amounts: ``posts ante``, ``small bring in`` (the bring-in), ``big
bring in`` (the bring-in player completes at once), ``bets``, ``calls``: the chips added;
``raises $1 to $1.37``: $1 added ($1.37 is the player's total in the hand without the ante);
``[all in]`` marks an all-in.

Payout: ``Main pot: $5.14 won by Hero ($4.89)`` (the pot before rake and what each winner was
paid from it: ``(1793 High)``, ``(896 Low)`` for the halves, several winners on one line),
``Side pot 1: ...``, ``Rake taken: $0.25``. Each seat's summary line gives the stack after the
hand and the net (checked against the record) and, for a hand shown at the showdown, its
seven cards in the order dealt (the only place a shown hand is printed).

Format facts from the public fpdb parser's definitions (OnGameToFpdb.py: header and table
variants, ``New hand for``, bring-ins, ``and is all-in``, ``shows [ KC,JD ]``, the ``won by``
lines) and the corpus.
"""

from __future__ import annotations

from stud8.conformance.handhistory.grammar import MONEY, Grammar, GrammarReader, Row

_M = MONEY
_NAME = r"(?P<name>.+?)"
_WHO = r"(?P<who>.+?)"
_ALL_IN = r"(?: \[all in\]| and is all-in)?"

GRAMMAR = Grammar(
    name="ongame",
    site="OnGame",
    start=r"^\*{5} History for hand ",
    complete_when=("end", "collect"),
    streets={"pocket cards": 3, "4th street": 4, "5th street": 5, "6th street": 6, "river": 7},
    rows=(
        # --- the header ------------------------------------------------------------------------
        Row("header", r"^\*{5} History for hand (?P<id>[A-Z]?[\w-]+)(?: \(TOURNAMENT:(?: \"[^\"]*\",)?"
                      r"(?: (?P<tournament>[-A-Z\d]+))?(?:, buy-in: [^)]*)?\))? \*{5}$",
            "***** History for hand R5-78227816-62 *****", sections=("head",)),
        Row("header", r"^Start hand: (?P<time>.+)$", "Start hand: Sat Aug 28 20:33:38 GMT+0300 2010", sections=("head",)),
        Row("header", rf"^Table: (?:\[\w+\] )?(?P<table>.+?) \[\d+\] \((?P<game>(?:NO_LIMIT|POT_LIMIT|LIMIT|Limit|Pot "
                      rf"Limit) [A-Z_]+) (?P<small>{_M})/(?P<big>{_M})(?:,? ante: (?P<ante>{_M}))?"
                      r"(?:,? (?:Real money|Play money|TC|(?P<chips>Chips)))?,?\)$",
            "Table: Taegu [78227816] (LIMIT SEVEN_CARD_STUD_HI_LO $0.25/$0.50, ante: $0.05, Real money)",
            sections=("head",)),
        Row("ignore", r"^(?:User: .+|Button: seat \d+|Players in round: \d+(?: \(\d+\))?)$", "Players in round: 5 (8)",
            sections=("head", "seats")),
        # --- seats -------------------------------------------------------------------------------
        Row("seat", rf"^Seat (?P<seat>\d+): {_NAME} \((?P<stack>{_M})(?: in chips)?\)$", "Seat 10: HangEv ($29.08)",
            sections=("head", "seats")),
        # --- streets, cards and actions ----------------------------------------------------------
        Row("ante", rf"^{_NAME} posts ante (?P<amount>{_M}){_ALL_IN}$", "boneos56 posts ante $0.05"),
        Row("ignore", r"^---$", "---"),
        Row("street", r"^Dealing (?P<street>pocket cards|\dth street|river)$", "Dealing 4th street"),
        Row("deal", rf"^(?:Dealing to|New hand for) {_NAME}: (?P<cards>\[[^\]]*\])$", "Dealing to boneos56: [-, -, Kd]"),
        Row("bring-in", rf"^{_NAME} small bring in (?P<amount>{_M}){_ALL_IN}$", "Hero small bring in $0.12"),
        Row("complete", rf"^{_NAME} big bring in (?P<amount>{_M}){_ALL_IN}$", "Hero big bring in $1"),
        Row("bet", rf"^{_NAME} bets (?P<amount>{_M}){_ALL_IN}$", "mylonas77 bets $0.50"),
        Row("raise", rf"^{_NAME} raises (?P<amount>{_M}) to {_M}{_ALL_IN}$", "Hero raises $1 to $1.37"),
        Row("call", rf"^{_NAME} calls (?P<amount>{_M}){_ALL_IN}$", "mylonas77 calls $0.12"),
        Row("check", rf"^{_NAME} checks$", "zlnalea checks"),
        Row("fold", rf"^{_NAME} folds$", "boneos56 folds"),
        Row("return", rf"^Uncalled bet \((?P<amount>{_M})\) returned to {_NAME}$", "Uncalled bet ($1) returned to Hero",
            source="by analogy: the uncalled-bet line of the sites fpdb reads the same way (PokerStars, Kings Club)"),
        Row("show", rf"^{_NAME} shows (?P<cards>\[[^\]]*\])(?: .*)?$", "Uchilka shows [ KC,JD ]", order="any",
            source="fpdb OnGameToFpdb.py re_ShowdownAction"),
        Row("muck", rf"^{_NAME} mucks(?: .*)?$", "mylonas77 mucks", source="by analogy: a show's counterpart"),
        # --- the summary -------------------------------------------------------------------------
        Row("summary", r"^Summary:$", "Summary:"),
        Row("winners", rf"^(?P<pot>Main pot|Side pot \d+): (?P<total>{_M}) won by (?P<winners>.+)$",
            "Main pot: 3585 won by Lakesdie (1793 High), KREST 78 (896 Low), LLIOPOXXX (896 Low)",
            sections=("summary",)),
        Row("rake", rf"^Rake taken: (?P<amount>{_M})$", "Rake taken: $0.25", sections=("summary",)),
        Row("claim", rf"^Seat \d+: {_NAME} \({_M}\), net: (?P<sign>[+-]?)(?P<amount>{_M}),? "
                     r"(?P<cards>\[[^\]]*\])(?: \(.*\))?$",
            "Seat 1: XMAN1 ($27.47), net: +$2.47, [8d, 8s, 4d, 3h, 8c, 4c, 5h] (FULL_HOUSE EIGHT, FOUR)",
            claim="net", also=("show",), sections=("summary",)),
        Row("claim", rf"^Seat \d+: {_NAME} \({_M}\), net: (?P<sign>[+-]?)(?P<amount>{_M})$",
            "Seat 3: boneos56 ($27.73), net: -$0.05", claim="net", sections=("summary",)),
        Row("end", r"^\*{5} End of hand [\w-]+ \*{5}$", "***** End of hand R5-78227816-62 *****"),
        # --- what says nothing about the chips or cards ------------------------------------------
        Row("ignore", rf"^{_WHO} (?:sits out|is sitting out|has returned|has timed out|is disconnected|"
                      r"is connected|has left the table|joins the table)(?: .*)?$",
            "mylonas77 sits out", source="fpdb OnGameToFpdb.py re_sitsOut"),
    ),
    other_games=(
        Row("ignore", rf"^{_WHO} posts (?:small|big|dead|small & big) blind \(\s?{_M}\)$",
            "Lakesdie posts small blind (20)"),
        Row("ignore", r"^(?:--- )?Dealing (?:flop|turn|river) \[[^\]]*\]$", "--- Dealing flop [5d, 9h, Kc]"),
        Row("ignore", rf"^{_WHO} changed \d+ cards?.*$", "Hero changed 2 cards", source="fpdb OnGameToFpdb.py re_Action"),
    ),
)

READER = GrammarReader(GRAMMAR)
