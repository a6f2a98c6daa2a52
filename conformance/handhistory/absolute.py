"""Absolute Poker and UltimateBet (the Cereus network) "Stage #" text hand histories.

The grammar below is the format. A hand starts ``Stage #1300000000: Seven Card Hi/Lo  Normal
$0.02/$0.04 - 2009-03-18 19:10:00 (ET)``: the game (``Seven Card Hi/Lo``, ``7 Card Stud``,
``Razz``, ``Holdem``, ``Omaha Hi/Lo``...; ``HORSE`` for a mixed table, whose next line ``Game
Type: Limit Holdem`` names the hand's game), the tournament kind (``(1 on 1)``, ``Multi
Normal Tournament``; a tournament hand also has ``Tourney ID N``), the structure (``Normal``
is fixed limit, ``No Limit``, ``Pot Limit``), the stakes and the time (milliseconds and the
local time in brackets in later files). The hand id may hold a letter (``Stage #C379012708``).
Seats are ``Seat 5 - Hero ($1 in chips)``; the table line ``Table: NAME (Real Money) Seat #6
is the dealer``.

Every line about a player is ``NAME - WHAT``: ``Ante $0.01``, ``Bring-In $0.01``, ``Bets``,
``Calls``: the chips added; ``Raises $A to $T``: ``A`` added, ``T`` the total on the street;
``All-In $X``, ``All-In(Raise) $A to $T``; ``(Preselection)`` after an action chosen in
advance. Cards: ``NAME - Pocket [H H Js 10d]``, every card so far in the order dealt (``H`` a
card nobody saw, ``10`` a ten).

Payout: ``NAME Collects $0.19 from main pot`` / ``from side pot-N``; ``NAME - returned ($X) :
not called`` (an uncalled bet); ``Total Pot($0.43) | Rake ($0.04)``, with side pots
``Total Pot(5,480:3,750,1,730)`` (the total, then the main and each side pot); the summary's
``won Total ($X)`` / ``collected Total ($X)`` restate each player's win.

Format facts from the public fpdb parser's definitions (AbsoluteToFpdb.py: header and game
names, HORSE's ``Game Type`` line, posts, actions, collect lines) and the corpus.
"""

from __future__ import annotations

from stud8.conformance.handhistory.grammar import Grammar, GrammarReader, Row

_M = r"(?:[$€£]|\s€)?\d[\d,]*(?:\.\d+)?"
_NAME = r"(?P<name>.+?)"
_WHO = r"(?P<who>.+?)"
_PRE = r"(?: \(Preselection\))?"
_MARKS = r"(?: \((?:dealer|small blind|big blind)\))*"
_GAMES = (r"Seven Card Hi/Lo|7 Card Stud(?: Hi/Lo)?|Razz|Holdem|HOLDEM|Omaha Hi/Lo|Omaha|OMAHA(?: HI/LO)?"
          r"|5 Card Stud|Seven Card Stud(?: Hi/Lo)?")

GRAMMAR = Grammar(
    name="absolute",
    site="Absolute Poker",
    start=r"^Stage #C?\d+",
    default_limit="fixed",
    complete_when=("pot", "collect"),
    streets={"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "river": 7, "7th": 7},
    rows=(
        # --- the header ------------------------------------------------------------------------
        Row("header", rf"^Stage #(?P<id>C?\d+):?\s+(?:Tourney ID (?P<tournament>\d+)\s+)?(?:(?P<game>{_GAMES})|HORSE)"
                      r"\s+(?:\(1 on 1\)|\(1 ON 1\)|Single Tournament|SINGLE TOURNAMENT|Multi Normal Tournament|"
                      r"MULTI NORMAL TOURNAMENT)?\s*(?:(?P<limit>No Limit|NO LIMIT|Pot Limit|POT LIMIT)|Normal|NORMAL|)\s?"
                      rf"(?P<small>{_M})(?:/(?P<big>{_M}))?(?:, (?P<ante>{_M}) ante)?\s+(?:Turbo\s+)?(?:\(7-2\)\s)?-\s+"
                      r"(?P<time>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?:\.\d+)?(?:\s+\([A-Z]+\))?(?:\s+\[[^\]]*\])?$",
            "Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)", sections=("head",)),
        Row("header", r"^Game Type: (?P<limit>Limit|No Limit|Pot Limit) (?P<game>.+)$", "Game Type: Limit Holdem",
            sections=("head",), source="fpdb AbsoluteToFpdb.py re_HorseGameInfo"),
        Row("header", r"^Table: (?P<table>.*?) \((?:Real Money|Play Money)\)(?: Seat #\d+ is the (?:dead )?dealer)?$",
            "Table: Linden Ct (Real Money) Seat #6 is the dealer", sections=("head",)),
        # --- seats -------------------------------------------------------------------------------
        Row("seat", rf"^Seat (?P<seat>\d+) - {_NAME} \((?P<stack>{_M}) in chips\)$", "Seat 5 - Hero ($1 in chips)",
            sections=("head", "seats")),
        # --- streets, cards and actions ----------------------------------------------------------
        Row("ante", rf"^{_NAME} - Ante (?P<amount>{_M})\.?$", "PLAYER1 - Ante $0.01"),
        Row("street", r"^\*\*\* (?P<street>\d(?:rd|th|RD|TH)|RIVER) STREET \*\*\*$", "*** 3rd STREET ***"),
        Row("street", r"^\*\*\* RIVER \*\*\*$", "*** RIVER ***", street=7),
        Row("deal", rf"^{_NAME} - Pocket (?P<cards>\[[^\]]*\])$", "PLAYER1 - Pocket [H H Js 10d]", deal="so-far"),
        Row("deal", rf"^Dealt to {_NAME} (?P<cards>\[[^\]]*\])$", "Dealt to Hero [10c 5c 7s]", deal="so-far"),
        Row("bring-in", rf"^{_NAME} - Bring-In (?P<amount>{_M})\.?{_PRE}$", "PLAYER7 - Bring-In $0.01"),
        Row("bet", rf"^{_NAME} - Bets (?P<amount>{_M}){_PRE}$", "PLAYER3 - Bets $0.04"),
        Row("raise", rf"^{_NAME} - (?:Raises|All-In\(Raise\)) (?P<amount>{_M}) to (?P<to>{_M}){_PRE}$",
            "PLAYER4 - Raises $0.20 to $0.30 (Preselection)", amount="to"),
        Row("all-in", rf"^{_NAME} - All-In (?P<amount>{_M}){_PRE}$", "PLAYER4 - All-In $1.47"),
        Row("call", rf"^{_NAME} - Calls (?P<amount>{_M}){_PRE}$", "PLAYER1 - Calls $0.01"),
        Row("check", rf"^{_NAME} - Checks{_PRE}$", "PLAYER3 - Checks"),
        Row("fold", rf"^{_NAME} - Folds{_PRE}(?: \(Fold & Show (?P<cards>\[[^\]]*\])\))?$", "HERO - Folds (Preselection)"),
        Row("return", rf"^{_NAME} - returned \((?P<amount>{_M})\) : not called$", "Player0 - returned ($30) : not called"),
        # --- the showdown ------------------------------------------------------------------------
        Row("showdown", r"^\*\*\* SHOW DOWN \*\*\*$", "*** SHOW DOWN ***"),
        Row("show", rf"^{_NAME} - Shows (?P<cards>\[[^\]]*\])(?: \(.*\))?$",
            "PLAYER7 - Shows [5s 8d 3s Qc 6c Qs 9s] (One pair, queens)"),
        Row("muck", rf"^{_NAME} - (?:Mucks|Does not show)(?: (?P<cards>\[[^\]]*\]))?$", "Player0 - Does not show"),
        Row("collect", rf"^{_NAME} Collects (?P<amount>{_M}) from (?P<pot>main pot|side pot(?:-\d+)?|pot)$",
            "PLAYER3 Collects $0.19 from main pot"),
        # --- the summary -------------------------------------------------------------------------
        Row("summary", r"^\*\*\* SUMMARY \*\*\*$", "*** SUMMARY ***"),
        Row("pot", rf"^Total Pot\((?P<total>{_M})(?::(?P<potlist>[^)]*))?\)(?: \| Rake \((?P<rake>{_M})\))?$",
            "Total Pot(5,480:3,750,1,730)", sections=("summary",)),
        Row("won", rf"^Seat \d+: {_NAME}{_MARKS} (?:won|collected) Total \((?P<amount>{_M})\)(?: .*)?$",
            "Seat 7: PLAYER6 won Total ($0.20) HI:($0.20) with Two Pair, kings and tens [Kc 10h 9c Ks 10s 8h 2s - "
            "B:Ks,P:Kc,B:10s,P:10h,B:9c]", claim="won", sections=("summary",)),
        Row("ignore", rf"^Seat \d+: {_WHO}{_MARKS} (?:HI:lost with .*|Folded on the .+|HI: \[Mucked\] .*|"
                      r"LO:lost with .*)$",
            "Seat 1: PLAYER1 HI:lost with Two Pair, jacks and twos [Jh 3h Js 10d Kh 2c 2h - B:Js,P:Jh,P:2h,B:2c,B:Kh]",
            sections=("summary",)),
        Row("ignore", r"^Board \[[^\]]*\]$", "Board [Jc 5h 2c]", sections=("summary",)),
        # --- what says nothing about the chips or cards ------------------------------------------
        Row("ignore", rf"^{_WHO} - (?:Sitout|Sits out|Is sitting out|Returned|Has timed out|Disconnected|"
                      r"Reconnected|Time Out)(?: .*)?$",
            "PLAYER2 - Sitout", source="by analogy: the table-chatter lines of the other sites, in this site's "
                                     "NAME - WHAT form"),
    ),
    other_games=(
        Row("ignore", rf"^{_WHO} - Posts (?:small blind |big blind |dead )?{_M}(?: (?:dead )?{_M})?$",
            "EKDIKEO - Posts big blind 10"),
        Row("ignore", r"^\*\*\* (?:POCKET CARDS|FLOP|TURN|RIVER) \*\*\*(?: \[.*)$|^\*\*\* POCKET CARDS \*\*\*$",
            "*** FLOP *** [10c 10s As]"),
    ),
)

READER = GrammarReader(GRAMMAR)


