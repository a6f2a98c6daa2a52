"""Winamax text hand histories (cash tables, Go Fast, tournaments; mixed-game tables).

The grammar below is the format. A hand starts ``Winamax Poker - CashGame - HandId:
#9250793-554-1478991850 - 7-Card Stud Hi/Lo fixed limit (5€/25€/50€) - 2016/11/12 23:04:10
UTC`` (``Go Fast "TABLE"``, ``HOLD-UP "TABLE"``, ``ESCAPE "TABLE"`` for the fast-fold tables;
``Tournament "NAME" buyIn: 18€ + 2€ level: 11`` for a tournament). The parentheses hold the
ante, small and big bet of a stud game (the blinds of a flop game); play money has no euro
sign. The game is ``7-Card Stud Hi/Lo``, ``7stud8``, ``7-Card Stud``, ``7stud``, ``Razz``,
``Holdem``, ``Omaha Hi/Lo``, ``2-7 Triple Draw``..., then the structure. The 8-Game tables
("Pampelune") name each hand's game in its own header. The next line is ``Table: 'NAME'
6-max (real money)``.

Amounts: ``posts ante``, ``brings in``/``bring-in``, ``calls``, ``bets``: the chips added;
``raises A to T``: ``T`` the player's total on the street *without their own bring-in* (the
bring-in player who completes to 25 having brought in 10 writes ``to 15``; the site also
prints a negative ``A`` when an all-in raise is short). Cards: ``Dealt to NAME [X X 8h Ks]
[As]``: the earlier group the cards so far (``X`` unseen), the last the street's.

Payout: ``collected X from pot`` (``pot(HI)``, ``pot(LO)`` for the halves); an uncalled bet
is paid back inside the collect, without a line, and counted in the summary's ``Total pot
228€ | Rake 2€`` (the total after rake). The summary's ``won`` lines restate each collect.

Format facts from the public fpdb parser's definitions (WinamaxToFpdb.py: header variants,
``bring-in``, ``posts dead blind``, the raise-to convention in stud, ``No rake``) and the
corpus.
"""

from __future__ import annotations

from stud8.conformance.handhistory.grammar import MONEY, Grammar, GrammarReader, Row

_M = MONEY
_NAME = r"(?P<name>.+?)"
_WHO = r"(?P<who>.+?)"
_ALL_IN = r"(?: and is all-in)?"
_MARKS = r"(?: \((?:small blind|big blind|button)\))*"
_KIND = (r"(?:CashGame|(?:Go Fast|HOLD-UP|ESCAPE) \"[^\"]*\"|(?P<tournament>Tournament) .*?)")

GRAMMAR = Grammar(
    name="winamax",
    site="Winamax",
    start=r"^Winamax Poker - ",
    uncalled="in-collect",
    complete_when=("pot",),
    streets={"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7, "third": 3, "fourth": 4, "fifth": 5,
             "sixth": 6, "seventh": 7},
    rows=(
        # --- the header ------------------------------------------------------------------------
        Row("header", rf"^Winamax Poker - {_KIND} - HandId: #(?P<id>[\d-]+) - (?P<game>.+?) "
                      rf"\((?:(?P<ante>{_M})/)?(?P<small>{_M})/(?P<big>{_M})\) - (?P<time>\d{{4}}/\d+/\d+ [\d:]+(?: \w+)?)$",
            "Winamax Poker - CashGame - HandId: #9250793-554-1478991850 - 7-Card Stud Hi/Lo fixed limit "
            "(5€/25€/50€) - 2016/11/12 23:04:10 UTC", sections=("head",)),
        Row("header", r"^Table:? '(?P<table>.*)' (?P<max>\d+)-max(?: \((?:real money|(?P<play>play money))\))?"
                      r"(?: Seat #\d+ is the button)?$",
            "Table: 'Pampelune' 6-max (real money)", sections=("head",)),
        # --- seats -------------------------------------------------------------------------------
        Row("seat", rf"^Seat (?P<seat>\d+): {_NAME} \((?P<stack>{_M})(?:, {_M} bounty)?\)$", "Seat 1: Hero (2026.03€)",
            sections=("head", "seats")),
        Row("ignore", r"^\*\*\* ANTE/BLINDS \*\*\*$", "*** ANTE/BLINDS ***"),
        # --- streets, cards and actions ----------------------------------------------------------
        Row("ante", rf"^{_NAME} posts ante (?P<amount>{_M}){_ALL_IN}$", "Hero posts ante 5€"),
        Row("street", r"^\*\*\* (?P<street>\d(?:rd|th)|THIRD|FOURTH|FIFTH|SIXTH|SEVENTH)(?: STREET)? \*\*\*$",
            "*** 3rd STREET ***"),
        Row("deal", rf"^Dealt to {_NAME} (?P<cards>(?:\[[^\]]*\] ?)+)$", "Dealt to Player0 [X X 8h Ks] [As]"),
        Row("bring-in", rf"^{_NAME} (?:brings in|bring-in) (?P<amount>{_M}){_ALL_IN}$", "Hero brings in 10€"),
        Row("bet", rf"^{_NAME} bets (?P<amount>{_M}){_ALL_IN}$", "Hero bets 25€"),
        Row("raise", rf"^{_NAME} raises -?(?P<amount>{_M}) to (?P<to>{_M}){_ALL_IN}$",
            "Player0 raises -6.10€ to 18.90€", amount="to-less-bring-in"),
        Row("call", rf"^{_NAME} calls (?P<amount>{_M}){_ALL_IN}$", "Player0 calls 10€"),
        Row("check", rf"^{_NAME} checks$", "Player0 checks"),
        Row("fold", rf"^{_NAME} folds$", "Hero folds"),
        # --- the showdown ------------------------------------------------------------------------
        Row("showdown", r"^\*\*\* SHOW DOWN \*\*\*$", "*** SHOW DOWN ***"),
        Row("show", rf"^{_NAME}{_MARKS} shows (?P<cards>\[[^\]]*\])(?: \(.*\))?$",
            "Player0 shows [4d Ac 8h 5c Js Ad Ts] (One pair : Aces)"),
        Row("muck", rf"^{_NAME} mucks(?: hand)?(?: (?P<cards>\[[^\]]*\]))?$", "Player1 mucks",
            source="by analogy: PokerStars' muck, whose format this one follows"),
        Row("collect", rf"^{_NAME} collected (?P<amount>{_M}) from (?P<pot>main pot|side pot(?: ?\d+)?|pot)"
                       r"(?:\((?:HI|LO)\))?$",
            "Player0 collected 114€ from pot(LO)"),
        # --- the summary -------------------------------------------------------------------------
        Row("summary", r"^\*\*\* SUMMARY \*\*\*$", "*** SUMMARY ***"),
        Row("pot", rf"^Total pot (?P<total>{_M})(?P<pots>(?: - (?:Main|Side) pot(?: \d+)?:? {_M})*) \| "
                   rf"(?:No rake|Rake (?P<rake>{_M}))$",
            "Total pot 228€ | Rake 2€", after_rake=True, sections=("summary",)),
        Row("won", rf"^Seat \d+: {_NAME}{_MARKS} won (?P<amount>{_M})$", "Seat 2: Player0 won 114€",
            claim="won+returned", sections=("summary",)),
        Row("won", rf"^Seat \d+: {_NAME}{_MARKS} showed (?P<cards>\[[^\]]*\]) and won (?P<amount>{_M}) with .*$",
            "Seat 2: Player0 showed [4d Ac 8h 5c Js Ad Ts] and won 70.30€ with One pair : Aces",
            claim="won+returned", also=("show",), sections=("summary",)),
        Row("show", rf"^Seat \d+: {_NAME}{_MARKS} showed (?P<cards>\[[^\]]*\]) and lost with .*$",
            "Seat 3: Player1 showed [Jh 6h Kc 6d 7d 2d 9s] and lost with One pair : 6", sections=("summary",)),
        Row("ignore", r"^Board: \[[^\]]*\]$", "Board: [8d Ac Jc Tc 2h]", sections=("summary",)),
        # --- what says nothing about the chips or cards ------------------------------------------
        Row("ignore", rf"^{_WHO} (?:sits out|is sitting out|has returned|is disconnected|is connected|"
                      r"joins the table|leaves the table|is timed out|has timed out)(?: .*)?$",
            "Player0 sits out", source="by analogy: the table-chatter lines of PokerStars, whose format this one "
                                      "follows"),
    ),
    other_games=(
        Row("ignore", rf"^{_WHO} (?:posts (?:small|big|dead) blind|posts small & big blind|deny SB)(?: .*)?$",
            "Player1 posts small blind 1€"),
        Row("ignore", rf"^{_WHO} (?:stands pat|discards \d+ cards?)(?: \[.*)?$", "Hero stands pat [7d 5s 4c 3h 2s]"),
        Row("ignore", r"^\*\*\* (?:PRE-FLOP|FLOP|TURN|RIVER|(?:FIRST|SECOND|THIRD|FOURTH)-(?:BET|DRAW)) \*\*\*(?: \[.*)?$",
            "*** FLOP *** [8d Ac Jc]"),
        Row("ignore", rf"^(?:Hold-up|Escape) to Pot: total {_M}$", "Hold-up to Pot: total 0.10€",
            source="fpdb WinamaxToFpdb.py re_hutp, re_escape_pot"),
    ),
)

READER = GrammarReader(GRAMMAR)
