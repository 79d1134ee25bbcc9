"""The texts of `/reversi rules`: how to play and the rules, in English and in the languages of the
original rule sheets (Tagalog, Icelandic, Tamil, Hausa, Kinyarwanda). Each says the same things,
the rules the engine implements."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RulesText:
    """One language's rules. `name` is the language's own name (the choice players see);
    `codes` are the locale language codes (the part before any `-`) that pick it."""

    name: str
    codes: tuple[str, ...]
    title: str
    body: str


ENGLISH = RulesText(
    name="English",
    codes=("en",),
    title="How to play Reversi",
    body="""\
**The board**
8 by 8 squares. Columns a to h run left to right, rows 1 to 8 top to bottom, so a1 is the \
top-left corner. Every game starts as in the picture: white on d4 and e5, black on d5 and e4.

**Moves**
• Black always moves first; then the players take turns.
• Put a disc of your colour on an empty square so that one or more of your opponent's discs lie \
in a straight line (across, up and down, or diagonal), with no gaps, between your new disc and \
another of yours. That is outflanking them.
• Every outflanked disc, in all eight directions, flips to your colour, even if you would rather \
it did not. Only lines running straight from the new disc flip; a flipped disc flips nothing else.
• With no legal move, you pass and your opponent plays again. You may not pass if you can move.

**The end**
The game ends when neither player can move, even if the board is not full. The player with more \
discs wins; equal counts are a draw. (Official tournament scores also give the empty squares to \
the winner.)

**Playing here**
Click the button of the square you want under the board, or type `/reversi move d3`. Each move \
has a time limit: running out of time, or resigning, loses the game.""",
)

TAGALOG = RulesText(
    name="Tagalog",
    codes=("tl", "fil"),
    title="Paano laruin ang Reversi",
    body="""\
**Ang board**
8 por 8 na parisukat. Ang mga hanay a hanggang h ay mula kaliwa pakanan, ang mga hilera 1 \
hanggang 8 mula itaas pababa, kaya ang a1 ang nasa kaliwang itaas. Laging nagsisimula ang laro \
gaya ng nasa larawan: puti sa d4 at e5, itim sa d5 at e4.

**Ang mga galaw**
• Laging nauuna ang itim; pagkatapos ay salitan ang mga manlalaro.
• Maglagay ng disc na kulay mo sa bakanteng parisukat upang maipit ang isa o higit pang disc ng \
kalaban sa isang tuwid na linya (pahalang, patayo o pahilis), walang puwang, sa pagitan ng \
bagong disc at ng isa mo pang disc.
• Lahat ng naipit na disc, sa lahat ng walong direksyon, ay ibinabaligtad sa kulay mo, gustuhin \
mo man o hindi. Ang mga linya lamang na tuwid mula sa bagong disc ang binabaligtad; walang \
ibinabaligtad ang disc na kababaligtad lang.
• Kung wala kang legal na galaw, lalaktawan ang turno mo at muling titira ang kalaban. Hindi ka \
puwedeng lumaktaw kung may galaw ka.

**Ang pagtatapos**
Tapos ang laro kapag wala nang makagalaw sa dalawang manlalaro, kahit hindi pa puno ang board. \
Panalo ang may mas maraming disc; tabla kapag pareho. (Sa opisyal na iskor ng torneo, napupunta \
rin sa nanalo ang mga bakanteng parisukat.)

**Paglalaro dito**
I-click ang button ng parisukat na gusto mo sa ilalim ng board, o i-type ang \
`/reversi move d3`. May takdang oras ang bawat galaw: talo ang maubusan ng oras o sumuko.""",
)

ICELANDIC = RulesText(
    name="Íslenska",
    codes=("is",),
    title="Svona spilarðu Reversi",
    body="""\
**Borðið**
8 sinnum 8 reitir. Dálkarnir a til h liggja frá vinstri til hægri og raðirnar 1 til 8 ofan frá \
og niður, svo a1 er reiturinn efst til vinstri. Leikurinn hefst alltaf eins og á myndinni: \
hvítir diskar á d4 og e5, svartir á d5 og e4.

**Að leika**
• Svartur byrjar alltaf; síðan leika leikmenn til skiptis.
• Settu disk í þínum lit á auðan reit þannig að einn eða fleiri diskar andstæðingsins lokist \
inni í beinni línu (lárétt, lóðrétt eða á ská), án bils, milli nýja disksins og annars disks í \
þínum lit.
• Öllum diskum sem lokast inni, í allar átta áttir, er snúið í þinn lit, hvort sem þú vilt það \
eða ekki. Aðeins línur beint út frá nýja diskinum snúast; nýsnúinn diskur snýr engum öðrum.
• Ef þú átt engan löglegan leik segirðu pass og andstæðingurinn leikur aftur. Þú mátt ekki \
segja pass ef þú getur leikið.

**Leikslok**
Leiknum lýkur þegar hvorugur leikmaðurinn getur leikið, jafnvel þótt borðið sé ekki fullt. Sá \
sem á fleiri diska vinnur; jafnmargir diskar eru jafntefli. (Í opinberu mótaskori fær \
sigurvegarinn líka auðu reitina.)

**Að spila hér**
Smelltu á hnapp reitsins sem þú vilt, undir borðinu, eða skrifaðu `/reversi move d3`. Hver leikur \
hefur tímamörk: sá sem fellur á tíma eða gefst upp tapar.""",
)

TAMIL = RulesText(
    name="தமிழ்",
    codes=("ta",),
    title="ரிவர்சி விளையாடுவது எப்படி",
    body="""\
**பலகை**
8-க்கு 8, மொத்தம் 64 சதுரங்கள். நெடுவரிசைகள் a முதல் h வரை இடமிருந்து வலமாகவும், கிடைவரிசைகள் 1 முதல் 8 வரை \
மேலிருந்து கீழாகவும் செல்கின்றன; எனவே a1 இடது மேல் மூலைச் சதுரம். ஒவ்வொரு ஆட்டமும் படத்தில் \
உள்ளதுபோல் தொடங்கும்: வெள்ளை d4, e5 இல்; கருப்பு d5, e4 இல்.

**நகர்வுகள்**
• கருப்பு எப்போதும் முதலில் ஆடும்; பிறகு இருவரும் மாறி மாறி ஆடுவர்.
• உங்கள் நிற வட்டை ஒரு காலிச் சதுரத்தில் வையுங்கள்: புதிய வட்டுக்கும் உங்களுடைய இன்னொரு \
வட்டுக்கும் இடையே, இடைவெளியின்றி ஒரு நேர்கோட்டில் (கிடைமட்டம், செங்குத்து அல்லது குறுக்கு), \
எதிராளியின் ஒன்று அல்லது அதற்கு மேற்பட்ட வட்டுகள் சிக்க வேண்டும்.
• அப்படிச் சிக்கிய எல்லா வட்டுகளும், எட்டுத் திசைகளிலும், உங்கள் நிறத்துக்குப் புரட்டப்படும், \
நீங்கள் விரும்பாவிட்டாலும் கூட. புதிய வட்டிலிருந்து நேராகச் செல்லும் கோடுகளில் உள்ளவை மட்டுமே \
புரளும்; புரண்ட வட்டு வேறு எதையும் புரட்டாது.
• சரியான நகர்வு இல்லையெனில் உங்கள் முறை தவறும், எதிராளி மீண்டும் ஆடுவார். நகர்வு இருக்கும்போது \
முறையை விட்டுக்கொடுக்க முடியாது.

**முடிவு**
இருவருமே நகர்த்த முடியாதபோது ஆட்டம் முடியும், பலகை நிரம்பாவிட்டாலும் கூட. அதிக வட்டுகள் \
உள்ளவர் வெற்றி பெறுவார்; எண்ணிக்கை சமம் என்றால் சமநிலை. (அதிகாரப்பூர்வப் போட்டி மதிப்பெண்ணில் \
காலிச் சதுரங்களும் வெற்றியாளருக்குச் சேரும்.)

**இங்கே விளையாட**
பலகையின் கீழே, நீங்கள் விரும்பும் சதுரத்தின் பொத்தானைக் கிளிக் செய்யுங்கள், அல்லது \
`/reversi move d3` என்று தட்டச்சு செய்யுங்கள். ஒவ்வொரு நகர்வுக்கும் நேர வரம்பு உண்டு: நேரம் \
தீர்ந்தாலோ ஆட்டத்திலிருந்து விலகினாலோ தோல்வி.""",
)

HAUSA = RulesText(
    name="Hausa",
    codes=("ha",),
    title="Yadda ake wasan Reversi",
    body="""\
**Allo**
Murabba'i 8 sau 8. Ginshiƙai a zuwa h suna tafiya daga hagu zuwa dama, layuka 1 zuwa 8 daga \
sama zuwa ƙasa, don haka a1 shi ne murabba'in kusurwar sama ta hagu. Kowane wasa yana farawa \
kamar a hoton: fari a d4 da e5, baƙi a d5 da e4.

**Motsi**
• Baƙi ne koyaushe ke fara wasa; sannan 'yan wasa suna bi da bi.
• Sanya faifai mai launinka a murabba'i maras komai, ta yadda fayafan abokin hamayya ɗaya ko \
fiye za su kasance a tsakanin sabon faifanka da wani faifanka, a layi madaidaici (a kwance, a \
tsaye ko a kaikaice), ba tare da gibi ba.
• Duk fayafan da aka kewaye haka, a dukkan hanyoyi takwas, za a juya su zuwa launinka, ko kana \
so ko ba ka so. Layukan da suka fito kai tsaye daga sabon faifai kawai ake juyawa; faifan da aka \
juya ba ya juya wani.
• Idan ba ka da motsin da ya halatta, an tsallake ka kuma abokin hamayya zai sake yin wasa. Ba a \
yarda ka tsallake ba idan kana da motsi.

**Ƙarshen wasa**
Wasan yana ƙarewa idan babu ɗan wasan da zai iya motsi, ko da allon bai cika ba. Wanda ke da \
fayafai mafi yawa ya yi nasara; idan sun yi daidai, canjaras ne. (A makin gasa na hukuma, \
murabba'ai marasa komai ma ana ba wa wanda ya yi nasara.)

**Yin wasa a nan**
Danna maɓallin murabba'in da kake so a ƙarƙashin allo, ko ka rubuta `/reversi move d3`. Kowane \
motsi yana da iyakar lokaci: wanda lokacinsa ya ƙare ko ya janye daga wasa ya sha kashi.""",
)

KINYARWANDA = RulesText(
    name="Kinyarwanda",
    codes=("rw",),
    title="Uko bakina Reversi",
    body="""\
**Ikibaho**
Kare 8 kuri 8. Inkingi a kugeza kuri h zikurikirana uva ibumoso ujya iburyo, imirongo 1 kugeza \
kuri 8 uva hejuru ujya hasi, bityo a1 ni kare yo hejuru ibumoso. Buri mukino utangira nk'uko \
bigaragara ku ishusho: umweru kuri d4 na e5, umukara kuri d5 na e4.

**Gukina**
• Umukara ni we utangira buri gihe; hanyuma abakinnyi bagasimburana.
• Shyira disiki y'ibara ryawe kuri kare irimo ubusa, ku buryo disiki imwe cyangwa nyinshi \
z'uwo muhanganye zifatirwa hagati y'iyo disiki nshya n'indi disiki yawe, ku murongo ugororotse \
(utambitse, uhagaze cyangwa uberamye) nta cyuho.
• Disiki zose zifashwe gutyo, mu byerekezo byose umunani, zihindurwa ibara ryawe, n'iyo waba \
utabishaka. Imirongo iva kuri disiki nshya ni yo yonyine ihindurwa; disiki imaze guhindurwa \
ntihindura izindi.
• Niba nta kare wemerewe gukiniraho, urasimbukwa maze uwo muhanganye agakina ubundi. \
Ntiwemerewe gusimbuka niba hari aho wakina.

**Iherezo**
Umukino urangira iyo nta mukinnyi n'umwe ugishobora gukina, n'iyo ikibaho kitaruzura. Ufite \
disiki nyinshi ni we utsinda; niba zingana, ni ukunganya. (Mu manota yemewe y'amarushanwa, kare \
zirimo ubusa na zo zihabwa uwatsinze.)

**Gukina hano**
Kanda buto ya kare ushaka munsi y'ikibaho, cyangwa wandike `/reversi move d3`. Buri gukina \
gufite igihe ntarengwa: uwo igihe kirangiye cyangwa uwivanye mu mukino aba atsinzwe.""",
)

TEXTS: dict[str, RulesText] = {
    "en": ENGLISH,
    "tl": TAGALOG,
    "is": ICELANDIC,
    "ta": TAMIL,
    "ha": HAUSA,
    "rw": KINYARWANDA,
}
