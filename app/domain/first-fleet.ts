import type { VehicleFields } from "./fleet";

/**
 * The fleet a new database starts with (app/lib/fleet.server.ts, seedFleet): the nine vehicles of
 * the cars page, their texts in English and in the site's other languages, written for each
 * country's travellers with the glossary's words (docs/glossary.md). Migration 0012 gives these
 * translations to a database made before them, to each text whose English is still this one.
 * Texts are stored as the vehicles page would store them (trimmed, one space between words, the
 * no-break spaces of French typography kept).
 */
export const FIRST_FLEET: readonly VehicleFields[] = [
  {
    picture: "caravelle",
    name: "Volkswagen Caravelle",
    kind: "minibus",
    seats: 8,
    suitcases: 8,
    childSeats: 3,
    active: true,
    pictureAlt: "Volkswagen Caravelle minibus, side view",
    description:
      "Our most requested vehicle for Disneyland Paris. Three rows of seats, a wide sliding door that makes it easy to climb in with children, and air conditioning front and rear. Ideal for families and small groups travelling together.",
    luggage: "A long rear compartment: eight large suitcases, or six and a folded pushchair.",
    texts: {
      fr: {
        pictureAlt: "Minibus Volkswagen Caravelle, vu de profil",
        description:
          "Notre véhicule le plus demandé pour Disneyland Paris. Trois rangées de sièges, une large porte coulissante pour monter facilement avec des enfants et la climatisation à l’avant comme à l’arrière. Idéal pour les familles et les petits groupes qui voyagent ensemble.",
        luggage: "Un long coffre à l’arrière\u00a0: huit grandes valises, ou six valises et une poussette pliée.",
      },
      es: {
        pictureAlt: "Minibús Volkswagen Caravelle visto de lado",
        description:
          "Nuestro vehículo más solicitado para ir a Disneyland Paris. Tres filas de asientos, una amplia puerta corredera para subir con niños sin complicaciones y aire acondicionado delante y detrás. Ideal para familias y grupos pequeños que viajan juntos.",
        luggage: "Un maletero largo: ocho maletas grandes, o seis y un cochecito plegado.",
      },
      it: {
        pictureAlt: "Minibus Volkswagen Caravelle visto di lato",
        description:
          "Il nostro veicolo più richiesto per Disneyland Paris. Tre file di sedili, un’ampia porta scorrevole che rende facile salire con i bambini e aria condizionata davanti e dietro. Perfetto per famiglie e piccoli gruppi che viaggiano insieme.",
        luggage: "Un lungo vano posteriore: otto valigie grandi, oppure sei e un passeggino chiuso.",
      },
      de: {
        pictureAlt: "Kleinbus Volkswagen Caravelle, Seitenansicht",
        description:
          "Unser meistgebuchtes Fahrzeug für Disneyland Paris. Drei Sitzreihen, eine breite Schiebetür, durch die auch Kinder bequem einsteigen, und eine Klimaanlage vorne und hinten. Ideal für Familien und kleine Gruppen, die gemeinsam reisen.",
        luggage: "Ein langer Kofferraum: acht große Koffer oder sechs Koffer und ein zusammengeklappter Kinderwagen.",
      },
      nl: {
        pictureAlt: "Minibus Volkswagen Caravelle, zijaanzicht",
        description:
          "Ons meest gevraagde voertuig voor Disneyland Paris. Drie rijen stoelen, een brede schuifdeur waardoor je makkelijk met kinderen instapt, en airco voor en achter. Ideaal voor gezinnen en kleine groepen die samen reizen.",
        luggage: "Een lange bagageruimte achterin: acht grote koffers, of zes koffers en een opgevouwen kinderwagen.",
      },
    },
  },
  {
    picture: "trafic",
    name: "Renault Trafic",
    kind: "minibus",
    seats: 8,
    suitcases: 8,
    childSeats: 3,
    active: true,
    pictureAlt: "Renault Trafic passenger minibus, side view",
    description:
      "A practical eight-seat minibus for shared shuttles and groups. High roof, individual seats with seat belts and a comfortable ride on the motorway between the airports, Paris and the parks.",
    luggage: "A generous luggage area behind the last row: a large suitcase per passenger.",
    texts: {
      fr: {
        pictureAlt: "Minibus de transport de passagers Renault Trafic, vu de profil",
        description:
          "Un minibus pratique de huit places pour les navettes partagées et les groupes. Toit surélevé, sièges individuels avec ceinture de sécurité et trajet confortable par l’autoroute entre les aéroports, Paris et les parcs.",
        luggage: "Un grand espace à bagages derrière la dernière rangée\u00a0: une grande valise par passager.",
      },
      es: {
        pictureAlt: "Minibús de pasajeros Renault Trafic visto de lado",
        description:
          "Un minibús práctico de ocho plazas para shuttles compartidos y grupos. Techo alto, asientos individuales con cinturón de seguridad y un viaje cómodo por autopista entre los aeropuertos, París y los parques.",
        luggage: "Un amplio espacio para el equipaje detrás de la última fila: una maleta grande por pasajero.",
      },
      it: {
        pictureAlt: "Minibus per passeggeri Renault Trafic visto di lato",
        description:
          "Un pratico minibus da otto posti per navette condivise e gruppi. Tetto alto, sedili singoli con cinture di sicurezza e un viaggio confortevole in autostrada tra gli aeroporti, Parigi e i parchi.",
        luggage: "Un ampio spazio per i bagagli dietro l’ultima fila: una valigia grande per passeggero.",
      },
      de: {
        pictureAlt: "Personen-Kleinbus Renault Trafic, Seitenansicht",
        description:
          "Ein praktischer Kleinbus mit acht Sitzplätzen für Sammelshuttles und Gruppen. Hohes Dach, Einzelsitze mit Sicherheitsgurten und eine bequeme Fahrt über die Autobahn zwischen den Flughäfen, Paris und den Parks.",
        luggage: "Ein großzügiger Gepäckraum hinter der letzten Sitzreihe: ein großer Koffer pro Fahrgast.",
      },
      nl: {
        pictureAlt: "Personenminibus Renault Trafic, zijaanzicht",
        description:
          "Een praktische minibus met acht zitplaatsen voor gedeelde shuttles en groepen. Hoog dak, aparte stoelen met veiligheidsgordel en een comfortabele rit over de snelweg tussen de luchthavens, Parijs en de parken.",
        luggage: "Een ruime bagageruimte achter de laatste rij: een grote koffer per passagier.",
      },
    },
  },
  {
    picture: "class-v",
    name: "Mercedes Class V",
    kind: "van",
    seats: 7,
    suitcases: 7,
    childSeats: 3,
    active: true,
    pictureAlt: "Mercedes Class V executive van, side view",
    description:
      "Premium comfort for up to seven: leather seats, a quiet cabin, tinted rear windows and seats that can face each other. Chosen by business teams, wedding parties and families who want a little more space and style.",
    luggage: "Seven large suitcases, or golf bags and pushchairs in their place.",
    texts: {
      fr: {
        pictureAlt: "Monospace haut de gamme Mercedes Class V, vu de profil",
        description:
          "Un confort haut de gamme jusqu’à sept passagers\u00a0: sièges en cuir, habitacle silencieux, vitres arrière teintées et sièges qui peuvent se faire face. Le choix des équipes en déplacement professionnel, des invités d’un mariage et des familles qui veulent un peu plus d’espace et d’élégance.",
        luggage: "Sept grandes valises, ou à leur place des sacs de golf et des poussettes.",
      },
      es: {
        pictureAlt: "Monovolumen ejecutivo Mercedes Class V visto de lado",
        description:
          "Confort de alta gama para hasta siete pasajeros: asientos de cuero, un interior silencioso, lunas traseras tintadas y asientos que pueden quedar enfrentados. Lo eligen equipos de empresa, invitados de boda y familias que buscan algo más de espacio y estilo.",
        luggage: "Siete maletas grandes o, en su lugar, bolsas de golf y cochecitos.",
      },
      it: {
        pictureAlt: "Monovolume executive Mercedes Class V visto di lato",
        description:
          "Comfort di alto livello fino a sette passeggeri: sedili in pelle, abitacolo silenzioso, vetri posteriori oscurati e sedili che si possono girare uno di fronte all’altro. Lo scelgono team aziendali, invitati a un matrimonio e famiglie che vogliono un po’ più di spazio e di stile.",
        luggage: "Sette valigie grandi oppure, al loro posto, sacche da golf e passeggini.",
      },
      de: {
        pictureAlt: "Business-Van Mercedes Class V, Seitenansicht",
        description:
          "Erstklassiger Komfort für bis zu sieben Personen: Ledersitze, ein leiser Innenraum, getönte Scheiben im Fond und Sitze, die sich einander gegenüber anordnen lassen. Gewählt von Geschäftsteams, Hochzeitsgesellschaften und Familien, die etwas mehr Platz und Stil wünschen.",
        luggage: "Sieben große Koffer oder stattdessen Golftaschen und Kinderwagen.",
      },
      nl: {
        pictureAlt: "Luxe busje Mercedes Class V, zijaanzicht",
        description:
          "Eersteklas comfort voor maximaal zeven personen: leren stoelen, een stil interieur, getinte achterruiten en stoelen die je tegenover elkaar kunt zetten. De keuze van zakelijke teams, bruiloftsgasten en gezinnen die wat meer ruimte en stijl willen.",
        luggage: "Zeven grote koffers, of in plaats daarvan golftassen en kinderwagens.",
      },
    },
  },
  {
    picture: "class-s",
    name: "Mercedes Class S",
    kind: "saloon",
    seats: 3,
    suitcases: 3,
    childSeats: 2,
    active: true,
    pictureAlt: "Mercedes Class S luxury saloon, side view",
    description:
      "Mercedes' flagship saloon for VIP and executive travel: reclining rear seats, generous legroom and a near-silent ride. A discreet, professional choice for business meetings, events and special occasions.",
    luggage: "Two large suitcases and two cabin bags.",
    texts: {
      fr: {
        pictureAlt: "Berline de luxe Mercedes Class S, vue de profil",
        description:
          "La berline phare de Mercedes, pour les déplacements VIP et d’affaires\u00a0: sièges arrière inclinables, grand espace pour les jambes et trajet presque silencieux. Un choix discret et professionnel pour les rendez-vous d’affaires, les événements et les grandes occasions.",
        luggage: "Deux grandes valises et deux bagages cabine.",
      },
      es: {
        pictureAlt: "Berlina de lujo Mercedes Class S vista de lado",
        description:
          "La berlina insignia de Mercedes para viajes VIP y de negocios: asientos traseros reclinables, mucho espacio para las piernas y una marcha casi silenciosa. Una elección discreta y profesional para reuniones de trabajo, eventos y ocasiones especiales.",
        luggage: "Dos maletas grandes y dos equipajes de mano.",
      },
      it: {
        pictureAlt: "Berlina di lusso Mercedes Class S vista di lato",
        description:
          "L’ammiraglia di Mercedes per i viaggi VIP e di lavoro: sedili posteriori reclinabili, ampio spazio per le gambe e una marcia quasi silenziosa. Una scelta discreta e professionale per incontri d’affari, eventi e occasioni speciali.",
        luggage: "Due valigie grandi e due bagagli a mano.",
      },
      de: {
        pictureAlt: "Luxuslimousine Mercedes Class S, Seitenansicht",
        description:
          "Das Flaggschiff von Mercedes für VIP- und Geschäftsreisen: verstellbare Fondsitze, viel Beinfreiheit und eine nahezu geräuschlose Fahrt. Eine diskrete, professionelle Wahl für Geschäftstermine, Veranstaltungen und besondere Anlässe.",
        luggage: "Zwei große Koffer und zwei Handgepäckstücke.",
      },
      nl: {
        pictureAlt: "Luxe sedan Mercedes Class S, zijaanzicht",
        description:
          "De topsedan van Mercedes voor vip- en zakenreizen: verstelbare achterstoelen, veel beenruimte en een bijna geruisloze rit. Een discrete, professionele keuze voor zakelijke afspraken, evenementen en bijzondere gelegenheden.",
        luggage: "Twee grote koffers en twee stuks handbagage.",
      },
    },
  },
  {
    picture: "class-e",
    name: "Mercedes Class E",
    kind: "saloon",
    seats: 3,
    suitcases: 3,
    childSeats: 2,
    active: true,
    pictureAlt: "Mercedes Class E business saloon, side view",
    description:
      "The classic business saloon: comfortable leather seats, climate control and a smooth ride. Well suited to business travellers, couples and anyone who wants a private airport transfer with a touch of elegance.",
    luggage: "Two large suitcases and two cabin bags.",
    texts: {
      fr: {
        pictureAlt: "Berline d’affaires Mercedes Class E, vue de profil",
        description:
          "La berline d’affaires par excellence\u00a0: sièges en cuir confortables, climatisation automatique et trajet tout en douceur. Elle convient aux voyageurs d’affaires, aux couples et à tous ceux qui veulent un transfert privé vers ou depuis l’aéroport avec une touche d’élégance.",
        luggage: "Deux grandes valises et deux bagages cabine.",
      },
      es: {
        pictureAlt: "Berlina ejecutiva Mercedes Class E vista de lado",
        description:
          "La berlina ejecutiva por excelencia: cómodos asientos de cuero, climatizador y una marcha suave. Muy adecuada para quien viaja por negocios, para parejas y para cualquiera que quiera un traslado privado al aeropuerto con un toque de elegancia.",
        luggage: "Dos maletas grandes y dos equipajes de mano.",
      },
      it: {
        pictureAlt: "Berlina business Mercedes Class E vista di lato",
        description:
          "La classica berlina business: comodi sedili in pelle, climatizzatore e una marcia fluida. Ideale per chi viaggia per lavoro, per le coppie e per chiunque desideri un transfer privato da o per l’aeroporto con un tocco di eleganza.",
        luggage: "Due valigie grandi e due bagagli a mano.",
      },
      de: {
        pictureAlt: "Business-Limousine Mercedes Class E, Seitenansicht",
        description:
          "Die klassische Business-Limousine: bequeme Ledersitze, Klimaautomatik und eine ruhige Fahrt. Sehr gut geeignet für Geschäftsreisende, Paare und alle, die sich einen Privattransfer zum oder vom Flughafen mit einem Hauch Eleganz wünschen.",
        luggage: "Zwei große Koffer und zwei Handgepäckstücke.",
      },
      nl: {
        pictureAlt: "Zakelijke sedan Mercedes Class E, zijaanzicht",
        description:
          "De klassieke zakelijke sedan: comfortabele leren stoelen, klimaatregeling en een soepele rit. Heel geschikt voor zakenreizigers, stellen en iedereen die een privétransfer van of naar de luchthaven wil met een vleugje elegantie.",
        luggage: "Twee grote koffers en twee stuks handbagage.",
      },
    },
  },
  {
    picture: "peugeot-508",
    name: "Peugeot 508",
    kind: "saloon",
    seats: 3,
    suitcases: 3,
    childSeats: 2,
    active: true,
    pictureAlt: "Peugeot 508 saloon, side view",
    description:
      "A modern, comfortable saloon for one to three passengers. Our most economical private transfer for solo travellers, couples and small families going between an airport, Paris and Disneyland Paris.",
    luggage: "Two large suitcases and two cabin bags.",
    texts: {
      fr: {
        pictureAlt: "Berline Peugeot 508, vue de profil",
        description:
          "Une berline moderne et confortable pour un à trois passagers. Notre transfert privé le plus économique, pour les voyageurs seuls, les couples et les petites familles entre un aéroport, Paris et Disneyland Paris.",
        luggage: "Deux grandes valises et deux bagages cabine.",
      },
      es: {
        pictureAlt: "Berlina Peugeot 508 vista de lado",
        description:
          "Una berlina moderna y cómoda para entre uno y tres pasajeros. Nuestro traslado privado más económico para viajeros solos, parejas y familias pequeñas que se desplazan entre un aeropuerto, París y Disneyland Paris.",
        luggage: "Dos maletas grandes y dos equipajes de mano.",
      },
      it: {
        pictureAlt: "Berlina Peugeot 508 vista di lato",
        description:
          "Una berlina moderna e confortevole da uno a tre passeggeri. Il nostro transfer privato più economico per chi viaggia da solo, per le coppie e per le famiglie poco numerose che si spostano tra un aeroporto, Parigi e Disneyland Paris.",
        luggage: "Due valigie grandi e due bagagli a mano.",
      },
      de: {
        pictureAlt: "Limousine Peugeot 508, Seitenansicht",
        description:
          "Eine moderne, bequeme Limousine für ein bis drei Fahrgäste. Unser günstigster Privattransfer für Alleinreisende, Paare und kleine Familien zwischen einem Flughafen, Paris und Disneyland Paris.",
        luggage: "Zwei große Koffer und zwei Handgepäckstücke.",
      },
      nl: {
        pictureAlt: "Sedan Peugeot 508, zijaanzicht",
        description:
          "Een moderne, comfortabele sedan voor één tot drie passagiers. Onze voordeligste privétransfer tussen een luchthaven, Parijs en Disneyland Paris, voor soloreizigers, stellen en kleine gezinnen.",
        luggage: "Twee grote koffers en twee stuks handbagage.",
      },
    },
  },
  {
    picture: "peugeot-5008",
    name: "Peugeot 5008",
    kind: "suv",
    seats: 6,
    suitcases: 3,
    childSeats: 3,
    active: true,
    pictureAlt: "Peugeot 5008 seven-seat SUV, side view",
    description:
      "A seven-seat SUV (six passengers and the driver) with a raised driving position and plenty of headroom. A good fit for a family of five or six travelling with moderate luggage.",
    luggage: "With every seat in use, three large suitcases or six cabin bags; with the third row folded, several more.",
    texts: {
      fr: {
        pictureAlt: "SUV sept places Peugeot 5008, vu de profil",
        description:
          "Un SUV de sept places (six passagers et le chauffeur), avec une position de conduite surélevée et beaucoup d’espace au-dessus de la tête. Un bon choix pour une famille de cinq ou six personnes qui voyage avec des bagages raisonnables.",
        luggage:
          "Toutes les places occupées, trois grandes valises ou six bagages cabine\u00a0; troisième rangée rabattue, plusieurs valises de plus.",
      },
      es: {
        pictureAlt: "SUV de siete plazas Peugeot 5008 visto de lado",
        description:
          "Un SUV de siete plazas (seis pasajeros y el conductor) con una posición de conducción elevada y mucho espacio para la cabeza. Una buena opción para una familia de cinco o seis personas que viaja con un equipaje moderado.",
        luggage:
          "Con todas las plazas ocupadas, tres maletas grandes o seis equipajes de mano; con la tercera fila plegada, varias maletas más.",
      },
      it: {
        pictureAlt: "SUV a sette posti Peugeot 5008 visto di lato",
        description:
          "Un SUV a sette posti (sei passeggeri più l’autista) con posizione di guida rialzata e molto spazio per la testa. Adatto a una famiglia di cinque o sei persone che viaggia con un bagaglio contenuto.",
        luggage:
          "Con tutti i posti occupati, tre valigie grandi o sei bagagli a mano; con la terza fila abbattuta, diverse valigie in più.",
      },
      de: {
        pictureAlt: "Siebensitzer-SUV Peugeot 5008, Seitenansicht",
        description:
          "Ein SUV mit sieben Sitzen (sechs Fahrgäste und der Fahrer), erhöhter Sitzposition und viel Kopffreiheit. Gut geeignet für eine Familie mit fünf oder sechs Personen und nicht allzu viel Gepäck.",
        luggage:
          "Sind alle Sitze belegt, passen drei große Koffer oder sechs Handgepäckstücke hinein; bei umgeklappter dritter Sitzreihe einige Koffer mehr.",
      },
      nl: {
        pictureAlt: "Zevenzits-SUV Peugeot 5008, zijaanzicht",
        description:
          "Een SUV met zeven zitplaatsen (zes passagiers en de chauffeur), een hoge zitpositie en veel hoofdruimte. Een goede keuze voor een gezin van vijf of zes personen met een gemiddelde hoeveelheid bagage.",
        luggage:
          "Als alle stoelen bezet zijn, passen er drie grote koffers of zes stuks handbagage in; met de derde rij neergeklapt nog enkele koffers meer.",
      },
    },
  },
  {
    picture: "bus-50",
    name: "50-seat coach",
    kind: "coach",
    seats: 50,
    suitcases: 50,
    childSeats: 0,
    active: true,
    pictureAlt: "White 50-seat touring coach, side view",
    description:
      "A touring coach with reclining seats, seat belts and air conditioning, driven by an experienced professional coach driver. For school trips, associations, seminars and large families heading to Disneyland Paris or touring Paris.",
    luggage: "A large hold under the floor: a suitcase per passenger, with room to spare.",
    texts: {
      fr: {
        pictureAlt: "Autocar de tourisme blanc de 50 places, vu de profil",
        description:
          "Un autocar de tourisme avec sièges inclinables, ceintures de sécurité et climatisation, conduit par un chauffeur d’autocar professionnel et expérimenté. Pour les sorties scolaires, les associations, les séminaires et les grandes familles en route vers Disneyland Paris ou en visite à Paris.",
        luggage: "Une grande soute sous le plancher\u00a0: une valise par passager, et encore de la place.",
      },
      es: {
        pictureAlt: "Autocar de turismo blanco de 50 plazas visto de lado",
        description:
          "Un autocar de turismo con asientos reclinables, cinturones de seguridad y aire acondicionado, con un conductor de autocar profesional y experimentado al volante. Para excursiones escolares, asociaciones, seminarios y familias numerosas que van a Disneyland Paris o de excursión por París.",
        luggage: "Una gran bodega bajo el suelo: una maleta por pasajero y aún sobra espacio.",
      },
      it: {
        pictureAlt: "Pullman gran turismo bianco da 50 posti visto di lato",
        description:
          "Un pullman gran turismo con sedili reclinabili, cinture di sicurezza e aria condizionata, guidato da un autista professionista di grande esperienza. Per gite scolastiche, associazioni, seminari e famiglie numerose dirette a Disneyland Paris o in giro per Parigi.",
        luggage: "Un ampio bagagliaio sotto il pianale: una valigia per passeggero, con spazio in abbondanza.",
      },
      de: {
        pictureAlt: "Weißer Reisebus mit 50 Sitzplätzen, Seitenansicht",
        description:
          "Ein Reisebus mit verstellbaren Sitzen, Sicherheitsgurten und Klimaanlage, gelenkt von einem erfahrenen, professionellen Busfahrer. Für Klassenfahrten, Vereine, Seminare und Großfamilien auf dem Weg nach Disneyland Paris oder zu einer Paris-Tour.",
        luggage: "Ein großer Gepäckraum unter dem Fahrgastraum: ein Koffer pro Fahrgast, und es bleibt noch Platz.",
      },
      nl: {
        pictureAlt: "Witte touringcar met 50 zitplaatsen, zijaanzicht",
        description:
          "Een touringcar met verstelbare stoelen, veiligheidsgordels en airco, bestuurd door een ervaren, professionele buschauffeur. Voor schoolreisjes, verenigingen, seminars en grote gezinnen op weg naar Disneyland Paris of voor een rondrit door Parijs.",
        luggage: "Een grote bagageruimte onder de vloer: een koffer per passagier, met ruimte over.",
      },
    },
  },
  {
    picture: "bus-61",
    name: "61-seat coach",
    kind: "coach",
    seats: 61,
    suitcases: 61,
    childSeats: 0,
    active: true,
    pictureAlt: "White 61-seat touring coach, side view",
    description:
      "Our largest vehicle, for big groups that want to travel together: conference delegates, sports clubs, wedding guests or tour groups. Reclining seats, seat belts and air conditioning throughout.",
    luggage: "A large hold under the floor: a suitcase per passenger, with room to spare.",
    texts: {
      fr: {
        pictureAlt: "Autocar de tourisme blanc de 61 places, vu de profil",
        description:
          "Notre plus grand véhicule, pour les groupes nombreux qui veulent voyager ensemble\u00a0: participants à un congrès, clubs sportifs, invités d’un mariage ou groupes en voyage organisé. Sièges inclinables, ceintures de sécurité et climatisation à toutes les places.",
        luggage: "Une grande soute sous le plancher\u00a0: une valise par passager, et encore de la place.",
      },
      es: {
        pictureAlt: "Autocar de turismo blanco de 61 plazas visto de lado",
        description:
          "Nuestro vehículo más grande, para grupos numerosos que quieren viajar juntos: asistentes a congresos, clubes deportivos, invitados de boda o grupos en viaje organizado. Asientos reclinables, cinturones de seguridad y aire acondicionado en todas las plazas.",
        luggage: "Una gran bodega bajo el suelo: una maleta por pasajero y aún sobra espacio.",
      },
      it: {
        pictureAlt: "Pullman gran turismo bianco da 61 posti visto di lato",
        description:
          "Il nostro veicolo più grande, per i gruppi numerosi che vogliono viaggiare insieme: partecipanti a congressi, società sportive, invitati a un matrimonio o comitive turistiche. Sedili reclinabili, cinture di sicurezza e aria condizionata in ogni posto.",
        luggage: "Un ampio bagagliaio sotto il pianale: una valigia per passeggero, con spazio in abbondanza.",
      },
      de: {
        pictureAlt: "Weißer Reisebus mit 61 Sitzplätzen, Seitenansicht",
        description:
          "Unser größtes Fahrzeug, für große Gruppen, die gemeinsam reisen möchten: Kongressteilnehmer, Sportvereine, Hochzeitsgäste oder Reisegruppen. Verstellbare Sitze, Sicherheitsgurte und Klimaanlage auf allen Plätzen.",
        luggage: "Ein großer Gepäckraum unter dem Fahrgastraum: ein Koffer pro Fahrgast, und es bleibt noch Platz.",
      },
      nl: {
        pictureAlt: "Witte touringcar met 61 zitplaatsen, zijaanzicht",
        description:
          "Ons grootste voertuig, voor grote groepen die samen willen reizen: congresdeelnemers, sportclubs, bruiloftsgasten of reisgezelschappen. Op alle plaatsen verstelbare stoelen, veiligheidsgordels en airco.",
        luggage: "Een grote bagageruimte onder de vloer: een koffer per passagier, met ruimte over.",
      },
    },
  },
];
