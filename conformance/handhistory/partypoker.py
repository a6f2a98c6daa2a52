"""PartyPoker text hand histories (cash, fastforward and tournaments; the 2008-2016 client, and
the 2026 one's header).

The grammar below is the format. A hand opens with up to three lines that name it: ``Game
#9581478205 starts.``, ``#Game No : 9581478205``, ``***** Hand History for Game 9581478205
*****`` (any of them may be missing; the 2026 client writes ``Hand History For Game`` with
letters in the id). The next line names the stakes and the game: ``$0.50/$1 USD 7 Card Stud
Hi-Lo - Monday, August 30, 20:20:17 EEST 2010`` (cash: the small and big bet), ``FL 7 Card
Stud $6 USD Buy-in Trny:69784932 Level:2  Stakes-Antes(60/120-10) - DATE`` (a tournament:
small bet, big bet, ante), ``0.10/0.25 Omaha Hi Game Table (PL) - DATE`` (2026). Then ``Table
NAME (Real Money)``, the button, ``Total number of players : 7/8`` and the seats (``Seat 3:
Hero ( $24.95 USD )``).

Streets: ``** Dealing **`` (third street), ``** Dealing Fourth street **``... ``** Dealing
River **``. The history shows the cards of the player whose history it is only (``Dealt to
Hero [  Td 5s 3c ]``): everyone else's up cards are missing, so a Stud/8 hand cannot be
judged unless its up cards are all shown at the end. ``NAME opens`` names who acts first.

Amounts, in brackets: ``posts ante [$0.05 USD]``, ``bring-ins``, ``completes``, ``bets``,
``double bets``, ``raises``, ``calls``: every one the chips the action adds. Payout: ``NAME
wins $8.45 USD from the main pot with ...`` (``wins Lo (640 chips) from the main pot`` for the
low half; a bare ``wins $13.20 USD`` when nobody is left to show). The site prints no rake
(the rake is what the pot did not pay out) and pays an uncalled bet back inside the winner's
amount, without a line. ``doesn't show [cards]`` is a hand mucked at the showdown, its cards
printed. A file may end with a next hand's ``Game #N starts.`` and nothing after it: that
holds no hand.

Format facts from the public fpdb parser's definitions (PartyPokerToFpdb.py: header and
tournament variants, ``has left the table``, ``finished in N place``, ``Table Closed``,
``Connection Lost``) and the corpus.
"""

from __future__ import annotations

from stud8.conformance.handhistory.grammar import MONEY, Grammar, GrammarReader, Row

_M = MONEY
_B = rf"[\[(]?\s*(?P<amount>{_M})(?:\s*(?:USD|EUR|chips))?\s*[\])]?(?:\s+to\s+[\d.,]+)?\.?"
"""An amount as PartyPoker prints it: in brackets (``[$0.25 USD]``), in parentheses (``(0.25)``)
or bare, then a total the reader does not need (``raises 0.85 to 0.85``; fpdb's re_Action)."""
_SITES = r"(?: \((?:Poker Stars|PokerMaster|Party|PartyPoker|IPoker|Pacific|WPN|PokerBros)\))?"
"""The network skin after the hand's title (PartyPokerToFpdb.py re_GameInfo)."""
_NAME = r"(?P<name>.+?)"
_WHO = r"(?P<who>.+?)"
_DAY = r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*,?"

GRAMMAR = Grammar(
    name="partypoker",
    site="PartyPoker",
    start=rf"^(?:Game #\d+ starts\.|#Game No : \d+|\*{{5}} Hand History [Ff]or Game \w+ \*{{5}}{_SITES})\s*$",
    streets={"fourth": 4, "fifth": 5, "sixth": 6},
    sniff_pattern=rf"^(?:\*{{5}} Hand History [Ff]or Game \w+ \*{{5}}{_SITES}|Game #\d+ starts\.)\s*$",
    sniff_lines=12,
    uncalled="in-collect",
    default_limit="fixed",
    rows=(
        # --- the header ------------------------------------------------------------------------
        Row("header", r"^Game #(?P<id>\d+) starts\.$", "Game #9581478205 starts.", sections=("head",)),
        Row("header", r"^#Game No : (?P<id>\d+)$", "#Game No : 9581478205", sections=("head",)),
        Row("header", rf"^\*{{5}} Hand History [Ff]or Game (?P<id>\w+) \*{{5}}{_SITES}$",
            "***** Hand History for Game 9581478205 *****", sections=("head",)),
        Row("header", rf"^Tourney Hand (?P<limit>NL|PL|FL|)\s*(?P<game>.+?)\s+-\s+(?P<time>{_DAY}.+)$",
            "Tourney Hand FL 7 Card Stud Hi-Lo - Wednesday, May 30, 14:41:43 EDT 2012", sections=("head",),
            source="fpdb PartyPokerToFpdb.py re_GameInfoTrny3"),
        Row("header", rf"^(?P<limit>NL|PL|FL|)\s*(?P<game>.+?) (?:[$€]?[\d.,]+\s*(?:USD|EUR)?\s*Buy-in)\s+-\s+"
                      rf"(?P<time>{_DAY}.+)$",
            "FL 7 Card Stud Hi-Lo $6 USD Buy-in - Wednesday, May 30, 14:41:43 EDT 2012", sections=("head",),
            source="fpdb PartyPokerToFpdb.py re_GameInfoTrny2"),
        Row("header", r"^Trny: ?(?P<tournament>\d+) Level: ?\d+$", "Trny:69784932 Level:2", sections=("head", "seats"),
            source="fpdb PartyPokerToFpdb.py re_TourNoLevel"),
        Row("header", r"^(?:Stakes|Blinds)(?:-Antes)?\((?P<small>[\d,.]+)\s*/(?P<big>[\d,.]+)(?:\s*-\s*(?P<ante>[\d,.]+)\$?)?\)$",
            "Stakes-Antes(60/120-10)", sections=("head", "seats"), source="fpdb PartyPokerToFpdb.py re_Blinds"),
        Row("header", rf"^(?P<limit>NL|PL|FL|)\s*(?P<game>.+?) (?:{_M}\s*(?:USD|EUR)?\s*Buy-in\s+)?(?:\+ {_M} Entry Fee\s+)?"
                      r"Trny: ?(?P<tournament>\d+)\s+Level: ?\d+\s+(?:Stakes-Antes\((?P<small>[\d,.]+)/(?P<big>[\d,.]+)"
                      rf"-(?P<ante>[\d,.]+)\)|Blinds(?:-Antes)?\([\d,. /-]+\))\s*-\s*(?P<time>{_DAY}.+)$",
            "FL 7 Card Stud $6 USD Buy-in Trny:69784932 Level:2  Stakes-Antes(60/120-10) - Wednesday, May 30, "
            "14:41:43 EDT 2012", sections=("head",)),
        Row("header", rf"^(?:(?P<small>{_M})/(?P<big>{_M})|{_M})(?:\s*(?:USD|EUR))?\s+(?P<game>.+?)\s*\((?:SNG|STT|MTT)"
                      rf"(?: JackPot)? Tournament #(?P<tournament>\d+)\)(?:\s*\(Buyin [^)]*\))?\s*-\s*(?P<time>{_DAY}.+)$",
            "60/120 7 Card Stud Hi-Lo Game Table (FL) (STT Tournament #69784932) - Wednesday, May 30, 14:41:43 EDT 2012",
            sections=("head",), source="fpdb PartyPokerToFpdb.py re_GameInfo (SNG, STT, MTT)"),
        Row("header", rf"^(?:(?P<small>{_M})/(?P<big>{_M})|{_M})(?:\s*(?:USD|EUR))?\s+(?P<game>.+?)\s*-\s*"
                      rf"(?P<time>{_DAY}.+)$",
            "$0.50/$1 USD 7 Card Stud Hi-Lo - Monday, August 30, 20:20:17 EEST 2010", sections=("head",)),
        Row("header", r"^Table (?P<table>.+?)\s+\(\s?(?:Real|Play) Money\s?\)(?:\s+--\s+Seat \d+ is the button)?$",
            "Table Table  136403 (Real Money)", sections=("head",)),
        Row("ignore", r"^(?:Seat \d+ is the button|Total number of players\s*: \d+(?:/\d+)?|Trny: ?\d+ Level: ?\d+|"
                      r"(?:Stakes|Blinds)(?:-Antes)?\([\d,. /-]+\))$",
            "Total number of players : 7/8", sections=("head", "seats")),
        # --- seats -------------------------------------------------------------------------------
        Row("seat", rf"^[Ss]eat ?(?P<seat>\d+): {_NAME} \(\s*(?P<stack>{_M})(?:\s*(?:USD|EUR))?\s*\)$",
            "Seat 3: Hero ( $24.95 USD )", sections=("head", "seats")),
        # --- streets, cards and actions ----------------------------------------------------------
        Row("ante", rf"^{_NAME} posts ante(?: of)? {_B}$", "tubby09 posts ante [$0.05 USD]"),
        Row("street", r"^\*\* Dealing(?: down cards)? \*\*$", "** Dealing **", street=3),
        Row("street", r"^\*\* Dealing (?P<street>Fourth|Fifth|Sixth) street \*\*$", "** Dealing Fourth street **"),
        Row("street", r"^\*\* Dealing River \*\*$", "** Dealing River **", street=7),
        Row("deal", rf"^Dealt to {_NAME} (?P<cards>\[[^\]]*\])$", "Dealt to Hero [  Td 5s 3c ]"),
        Row("ignore", rf"^{_NAME} opens$", "YMAN1 opens"),
        Row("bring-in", rf"^{_NAME} bring-ins {_B}$", "YMAN1 bring-ins [$0.25 USD]"),
        Row("complete", rf"^{_NAME} completes {_B}$", "PPPPPositive completes [$0.50 USD]"),
        Row("bet", rf"^{_NAME} (?:double )?bets {_B}$", "Player4 double bets [120]"),
        Row("raise", rf"^{_NAME} raises {_B}$", "Player6 raises [240]"),
        Row("call", rf"^{_NAME} calls {_B}$", "strandalleen calls [$0.50 USD]"),
        Row("check", rf"^{_NAME} checks$", "Player4 checks"),
        Row("fold", rf"^{_NAME} folds$", "Unladylike folds"),
        Row("ignore", rf"^{_NAME} is all-In\.?$", "Player2 is all-In."),
        # --- the showdown and the payout ---------------------------------------------------------
        Row("show", rf"^{_NAME} shows (?P<cards>\[[^\]]*\]).*$", "PPPPPositive shows [ Ad, Qd, Ah, 2d, 7d, Th, 6d ]a flush, "
            "Ace high.", order="any"),
        Row("muck", rf"^{_NAME} doesn't show (?P<cards>\[[^\]]*\]).*$",
            "strandalleen doesn't show [ 5h, 9d, 9c, Qc, 2h, Kc, Js ]a pair of Nines.", order="any"),
        Row("muck", rf"^{_NAME} does not show cards\.$", "Player8 does not show cards."),
        Row("ignore", rf"^{_NAME} shows\s*[\dA-Z,]+\s+for low\.$", "Player2 shows6,5,3,2,A  for low."),
        Row("collect", rf"^{_NAME} wins (?:Lo |Hi )?\(?(?P<amount>{_M})(?: (?:USD|EUR|chips))?\)?"
                       r"(?: from (?:the )?(?P<pot>main pot|side pot(?: #?\d+)?))?(?: with .*)?$",
            "PPPPPositive wins $8.45 USD from the main pot with a flush, Ace high."),
        Row("ignore", r"^There was no qualifying low hand$", "There was no qualifying low hand"),
        # --- what says nothing about the chips or cards ------------------------------------------
        Row("cancel", r"^(?:Table Closed|Connection Lost due to some reason)\s?$", "Table Closed",
            source="fpdb PartyPokerToFpdb.py re_Cancelled, re_Disconnected"),
        Row("ignore", rf"^{_WHO} (?:has left the table|has joined the table|finished in \d+\w* place|is sitting out|"
                      r"has been reconnected|is disconnected|will be using (?:his|her|their) time bank.*|"
                      r"did not respond in time)\.?$",
            "Player3 has left the table.", source="fpdb PartyPokerToFpdb.py re_GameInfo (has left the table, finished "
                                                "in N place)"),
        Row("ignore", r"^Congratulations to player .+ for winning tournament .*$",
            "Congratulations to player Player1 for winning tournament 69784932", source="fpdb re_WinningRankOne"),
        Row("ignore", rf"^Player\s+{_WHO}\s+finished\s+in\s+\d+(?:\.|\s+place(?:\s+and\s+received\s+.+)?)\s*$",
            "Player Player4 finished in 3 place and received $12.00 USD",
            source="fpdb PartyPokerToFpdb.py re_WinningRankOther, re_RankOther (a prize paid outside the pot)"),
        Row("ignore", r"^There is no Small Blind in this hand as the Big Blind of the previous hand left the table$",
            "There is no Small Blind in this hand as the Big Blind of the previous hand left the table",
            source="fpdb PartyPokerToFpdb.py re_NoSmallBlind"),
        Row("ignore", rf"^{_NAME}: .*$", "Player6: u r getting boring with ur min raises"),
    ),
    other_games=(
        Row("ignore", rf"^{_WHO} posts (?:small|big|button) blind(?: \+ dead)? {_B}$", "Player1 posts small blind (0.10)"),
        Row("ignore", r"^\*\* Dealing (?:Flop|Turn|River) \*\*(?: :)?\s*\[.*\]$", "** Dealing Flop ** :  [ Jc, 7d, 6c ]"),
        # the 2026 client (it deals no stud game): its summary and all-in cash-out lines
        Row("ignore", r"^\*\* Summary \*\*$|^Main Pot: .*$|^Board: \[.*\]$|^Creating Main Pot with .*$",
            "** Summary **"),
        Row("ignore", rf"^{_WHO} (?:Cashed out\s+)?balance {_M}, .*$", "Player4 balance $56.64, didn't bet (folded)"),
        Row("ignore", rf"^{_WHO} (?:Cash-out Premium % is|opted for cash-out|probabilty is|Cashout Amount is).*$",
            "Player2 opted for cash-out"),
    ),
)

READER = GrammarReader(GRAMMAR)
