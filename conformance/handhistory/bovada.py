"""Bovada, Bodog and Ignition text hand histories (one format, three brands; cash and
tournaments).

The grammar below is the format. A hand starts ``Bovada Hand #2633952287 TBL#2027664 7CARD
HiLo Fixed Limit - 2012-09-19 13:11:08`` (``Bodog Hand #``, ``Bodog.com Hand #``, ``Bodog.eu
Hand #``, ``Ignition Hand #``; a tournament: ``Bovada Hand #N: 7CARD Tournament #N TBL#1,
Fixed Limit- Level 1 (0/0) - DATE``; a fast-fold table: ``Zone Poker ID#N``). The game is
``7CARD HiLo``, ``7CARD``, ``HOLDEM``, ``OMAHA HiLo``... then the structure. The header states
no stakes for stud (a tournament's ``(0/0)`` says nothing either): the small bet is read
from the completion or the first fourth-street bet, the big bet from the first later bet.

Players are anonymous: the stud seats are ``Seat+1``... (``[ME]`` marks the player whose
history it is), e.g. ``Seat+2 [ME]: $6.53 in chips``. Every line about a player is ``NAME :
WHAT``. Bovada prints every player's cards, down cards included, as dealt: ``Card dealt to a
spot [6d Ad 2s]`` on third street, one card on each later street. Cash hands head each
street (``*** 3RD STREET ***``... ``*** RIVER ***``); tournament hands only ``*** HOLE CARDS
***``, so a street is known by how many cards the players hold (``deal="count"``).

Amounts: ``Ante chip``, ``Bring_in chip``, ``Big blind/Bring in``, ``Bets``, ``Double bets``
(``D bets``: a fourth-street bet of the big bet after an open pair), ``Call``/``Calls``: the
chips added; ``Raises X``: ``X`` the total on the street (``Raises $A to $T`` in later files);
``All-in X`` an all-in of ``X`` more chips, ``All-in(raise) X`` to ``X``. ``(timeout)`` marks
an action the site took for a player out of time.

Payout: ``Hand Result X`` / ``Hand result X`` (``-Side Pot`` for a side pot); ``Return uncalled
portion of bet X``; the summary's ``Total Pot(X) | Rake (Y)`` (before rake). The summary's
seat lines restate the payout.

Format facts from the public fpdb parser's definitions (BovadaToFpdb.py: brands, headers,
``Zone Poker``, antes, bring-ins, all-ins, ``Hand Result-Side Pot``) and a public grammar of the
format (the ``Ignition`` ANTLR grammar: the chatter lines ``Table enter user``, ``Seat
sit out``, ``Enter(Auto)``...), and the corpus.
"""

from __future__ import annotations

from stud8.conformance.handhistory.grammar import MONEY, Grammar, GrammarReader, Row

_M = MONEY
_NAME = r"(?P<name>Seat\+\d+|[A-Za-z][\w+ ]*?)(?:\s+\[ME\])?"
_WHO = r"(?:[^:]+?)(?:\s+\[ME\])?"
_BRAND = r"(?:Bovada|Bodog(?:\.com|\.eu| UK| Canada|88)?|Ignition)"
_WHY = r"(?: chip info)?(?:\((?:timeout|disconnect|auto)\))?"

GRAMMAR = Grammar(
    name="bovada",
    site="Bovada",
    start=rf"^{_BRAND} Hand #C?\d",
    default_limit="fixed",
    complete_when=("pot", "collect"),
    streets={"3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7},
    rows=(
        # --- the header ------------------------------------------------------------------------
        Row("header", rf"^{_BRAND} Hand #C?(?P<id>\d+):?\s+(?:(?:Zone Poker ID|TBL)#\S+ )?(?P<game>.+?) Tournament #(?:M-)?"
                      r"(?P<tournament>\d+) TBL#\d+, (?:1 on 1 )?(?P<limit>[A-Za-z ]+?)(?: Normal)? ?- Level \d+ "
                      r"\([$\d.,/]*(?: USD)?\)(?: \[\w+\])? - (?P<time>\d{4}-\d\d-\d\d[- ]+\d\d?:\d\d:\d\d)(?: \w+)?$",
            "Bovada Hand #2633115879: 7CARD Tournament #1378659 TBL#1, Fixed Limit- Level 1 (0/0) - 2012-06-17 22:21:03",
            sections=("head",)),
        Row("header", rf"^{_BRAND} Hand #C?(?P<id>\d+):?\s+(?:Zone Poker ID|TBL)#(?P<table>\S+?) (?P<game>.+?)"
                      r"(?: \[\w+\])? - (?P<time>\d{4}-\d\d-\d\d[- ]+\d\d?:\d\d:\d\d)(?: \w+)?$",
            "Bovada Hand #2633952287 TBL#2027664 7CARD HiLo Fixed Limit - 2012-09-19 13:11:08", sections=("head",)),
        # --- seats -------------------------------------------------------------------------------
        Row("seat", rf"^(?P<name>Seat\+(?P<seat>\d+))(?:\s+\[ME\])?: (?P<stack>{_M}) in chips$",
            "Seat+2 [ME]: $6.53 in chips", sections=("head", "seats")),
        Row("seat", rf"^Seat (?P<seat>\d+): (?P<name>.+?)(?:\s+\[ME\])? \((?P<stack>{_M}) in chips\)$",
            "Seat 1: Big Blind [ME] (830 in chips)", sections=("head", "seats")),
        # --- streets, cards and actions ----------------------------------------------------------
        Row("ante", rf"^{_NAME} : Ante chip (?P<amount>{_M})$", "Seat+1 : Ante chip $0.05"),
        Row("street", r"^\*\*\* HOLE CARDS \*\*\*$", "*** HOLE CARDS ***", street=3),
        Row("street", r"^\*\*\* (?P<street>\d(?:RD|TH|rd|th)) STREET \*\*\*$", "*** 4TH STREET ***"),
        Row("street", r"^\*\*\* RIVER \*\*\*$", "*** RIVER ***", street=7),
        Row("deal", rf"^{_NAME} : Card dealt to a spot (?P<cards>\[[^\]]*\])$", "Seat+1 : Card dealt to a spot [6d Ad 2s]",
            deal="count"),
        Row("bring-in", rf"^{_NAME} : (?:Bring_in chip|Big [Bb]lind/Bring in|Bring in){_WHY} ?(?P<amount>{_M})$",
            "Seat+5 : Big blind/Bring in 5"),
        Row("bet", rf"^{_NAME} : (?:[Bb]ets|Double bets|D bets){_WHY} (?P<amount>{_M})$", "Seat+8 : Double bets 20"),
        Row("raise", rf"^{_NAME} : (?:[Rr]aises|All-in\(raise(?:-timeout)?\)){_WHY} (?:{_M} to )?(?P<amount>{_M})$",
            "Seat+8 : Raises 30", amount="to"),
        Row("call", rf"^{_NAME} : Calls?{_WHY} (?P<amount>{_M})$", "Seat+5 : Call 5"),
        Row("all-in", rf"^{_NAME} : All-in{_WHY} (?P<amount>{_M})$", "Seat+2 : All-in 245"),
        Row("check", rf"^{_NAME} : Checks{_WHY}$", "Seat+8 : Checks(timeout)"),
        Row("fold", rf"^{_NAME} : Folds?{_WHY}(?: & shows (?P<cards>\[[^\]]*\]))?$", "Seat+3 : Folds(timeout)"),
        Row("return", rf"^{_NAME} : Return uncalled portion of bet (?P<amount>{_M})$",
            "Seat+5 : Return uncalled portion of bet $0.10"),
        Row("show", rf"^{_NAME} : Showdown (?P<cards>\[[^\]]*\])(?: \(.*\))?$",
            "Seat+4 : Showdown [Qs Qh As 9h 7s] (One pair)", order="any"),
        Row("muck", rf"^{_NAME} : (?:Mucks|Does not show) (?P<cards>\[[^\]]*\])(?: \(.*\))?$",
            "Seat+2 : Mucks [9s 2s 7s 6h 5c 6c 3h] (One pair)", order="any"),
        Row("collect", rf"^{_NAME} : Hand [Rr]esult(?:-(?P<pot>Side [Pp]ot))? (?P<amount>{_M})$",
            "Seat+5 : Hand Result-Side Pot 736"),
        Row("ignore", rf"^{_NAME} : Ranking \d+$", "Seat+1 : Ranking 18"),
        Row("ignore", rf"^{_NAME} : BOUNTY PRIZE \[{_M}\]$", "Seat+1 : BOUNTY PRIZE [$5]",
            source="fpdb BovadaToFpdb.py re_Bounty (a tournament bounty, paid outside the pot)"),
        # --- the summary -------------------------------------------------------------------------
        Row("summary", r"^\*\*\* SUMMARY \*\*\*$", "*** SUMMARY ***"),
        Row("pot", rf"^Total Pot\((?P<total>{_M})\)(?: \| Rake \((?P<rake>{_M})\))?$", "Total Pot($4.85) | Rake ($0.20)",
            sections=("summary",)),
        Row("ignore", r"^Seat\+? ?\d+:.*$", "Seat+4:  HI $2.33  with One pair [7s As 4c 5c Qh 9h Qs-Qs Qh As 9h 7s]",
            sections=("summary",)),
        Row("ignore", r"^Board \[[^\]]*\]$", "Board [Js 7s 5s 3d 9d]", sections=("summary",)),
        # --- what says nothing about the chips or cards ------------------------------------------
        Row("ignore", rf"^(?:{_WHO} : )?(?:Table enter user|Table leave user|Table deposit {_M}|Seat sit down|"
                      r"Seat sit out|Seat stand|Seat re-join|Re-join|Stand|Sit out|Sitout(?: \(.*\))?|"
                      r"Enter\(\w+\)|Leave\(\w+\)|Set dealer(?:/Bring in spot)? \[\d+\])$",
            "Seat+8 : Table enter user"),
        Row("ignore", r"^(?:Player Info|Table Info): .*$", "Table Info: Version: 1, Type: MVS, Stakes: $1-$2, Table: 0-0"),
    ),
    other_games=(
        Row("ignore", rf"^{_WHO} : (?:Small Blind|Big [Bb]lind|Ante/Small [Bb]lind|Posts chip|Posts dead chip)"
                      rf"{_WHY} {_M}$", "Big Blind : Big blind $0.05"),
        Row("ignore", r"^\*\*\* (?:FLOP|TURN|RIVER) \*\*\* \[.*$", "*** FLOP *** [3h Ac 8h]"),
    ),
)

READER = GrammarReader(GRAMMAR)
