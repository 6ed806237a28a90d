import { slugify } from './guides/search-links.ts';
import { editDistance, fold } from './text-match.ts';

/**
 * The bundled city list: artists pick their city here and the server takes coordinates and the
 * IANA time zone from it, so onboarding needs no network geocoding and never trusts client coordinates.
 * Every demo-seed city is included (src/server/db/seed/data.ts).
 */
export type City = {
  /** Stable id: "{name-slug}-{country}", for example "new-york-us". */
  id: string;
  name: string;
  region: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lat: number;
  lng: number;
  /** IANA time zone. */
  timezone: string;
};

type Row = [name: string, region: string, country: string, lat: number, lng: number, timezone: string];

const ROWS: Row[] = [
  // United States
  ['New York', 'NY', 'US', 40.7128, -74.006, 'America/New_York'],
  ['Los Angeles', 'CA', 'US', 34.0522, -118.2437, 'America/Los_Angeles'],
  ['Chicago', 'IL', 'US', 41.8781, -87.6298, 'America/Chicago'],
  ['Austin', 'TX', 'US', 30.2672, -97.7431, 'America/Chicago'],
  ['Portland', 'OR', 'US', 45.5152, -122.6784, 'America/Los_Angeles'],
  ['Denver', 'CO', 'US', 39.7392, -104.9903, 'America/Denver'],
  ['Seattle', 'WA', 'US', 47.6062, -122.3321, 'America/Los_Angeles'],
  ['Miami', 'FL', 'US', 25.7617, -80.1918, 'America/New_York'],
  ['San Francisco', 'CA', 'US', 37.7749, -122.4194, 'America/Los_Angeles'],
  ['San Diego', 'CA', 'US', 32.7157, -117.1611, 'America/Los_Angeles'],
  ['San Jose', 'CA', 'US', 37.3382, -121.8863, 'America/Los_Angeles'],
  ['Sacramento', 'CA', 'US', 38.5816, -121.4944, 'America/Los_Angeles'],
  ['Las Vegas', 'NV', 'US', 36.1699, -115.1398, 'America/Los_Angeles'],
  ['Phoenix', 'AZ', 'US', 33.4484, -112.074, 'America/Phoenix'],
  ['Tucson', 'AZ', 'US', 32.2226, -110.9747, 'America/Phoenix'],
  ['Albuquerque', 'NM', 'US', 35.0844, -106.6504, 'America/Denver'],
  ['Salt Lake City', 'UT', 'US', 40.7608, -111.891, 'America/Denver'],
  ['Boise', 'ID', 'US', 43.615, -116.2023, 'America/Boise'],
  ['Honolulu', 'HI', 'US', 21.3069, -157.8583, 'Pacific/Honolulu'],
  ['Anchorage', 'AK', 'US', 61.2181, -149.9003, 'America/Anchorage'],
  ['Dallas', 'TX', 'US', 32.7767, -96.797, 'America/Chicago'],
  ['Houston', 'TX', 'US', 29.7604, -95.3698, 'America/Chicago'],
  ['San Antonio', 'TX', 'US', 29.4241, -98.4936, 'America/Chicago'],
  ['Oklahoma City', 'OK', 'US', 35.4676, -97.5164, 'America/Chicago'],
  ['Kansas City', 'MO', 'US', 39.0997, -94.5786, 'America/Chicago'],
  ['St. Louis', 'MO', 'US', 38.627, -90.1994, 'America/Chicago'],
  ['Omaha', 'NE', 'US', 41.2565, -95.9345, 'America/Chicago'],
  ['Minneapolis', 'MN', 'US', 44.9778, -93.265, 'America/Chicago'],
  ['Milwaukee', 'WI', 'US', 43.0389, -87.9065, 'America/Chicago'],
  ['Nashville', 'TN', 'US', 36.1627, -86.7816, 'America/Chicago'],
  ['Memphis', 'TN', 'US', 35.1495, -90.049, 'America/Chicago'],
  ['New Orleans', 'LA', 'US', 29.9511, -90.0715, 'America/Chicago'],
  ['Indianapolis', 'IN', 'US', 39.7684, -86.1581, 'America/Indiana/Indianapolis'],
  ['Louisville', 'KY', 'US', 38.2527, -85.7585, 'America/Kentucky/Louisville'],
  ['Detroit', 'MI', 'US', 42.3314, -83.0458, 'America/Detroit'],
  ['Columbus', 'OH', 'US', 39.9612, -82.9988, 'America/New_York'],
  ['Cleveland', 'OH', 'US', 41.4993, -81.6944, 'America/New_York'],
  ['Pittsburgh', 'PA', 'US', 40.4406, -79.9959, 'America/New_York'],
  ['Philadelphia', 'PA', 'US', 39.9526, -75.1652, 'America/New_York'],
  ['Baltimore', 'MD', 'US', 39.2904, -76.6122, 'America/New_York'],
  ['Washington', 'DC', 'US', 38.9072, -77.0369, 'America/New_York'],
  ['Richmond', 'VA', 'US', 37.5407, -77.436, 'America/New_York'],
  ['Boston', 'MA', 'US', 42.3601, -71.0589, 'America/New_York'],
  ['Providence', 'RI', 'US', 41.824, -71.4128, 'America/New_York'],
  ['Atlanta', 'GA', 'US', 33.749, -84.388, 'America/New_York'],
  ['Savannah', 'GA', 'US', 32.0809, -81.0912, 'America/New_York'],
  ['Charlotte', 'NC', 'US', 35.2271, -80.8431, 'America/New_York'],
  ['Raleigh', 'NC', 'US', 35.7796, -78.6382, 'America/New_York'],
  ['Tampa', 'FL', 'US', 27.9506, -82.4572, 'America/New_York'],
  ['Orlando', 'FL', 'US', 28.5383, -81.3792, 'America/New_York'],
  ['Jacksonville', 'FL', 'US', 30.3322, -81.6557, 'America/New_York'],
  ['Oakland', 'CA', 'US', 37.8044, -122.2712, 'America/Los_Angeles'],
  ['Long Beach', 'CA', 'US', 33.7701, -118.1937, 'America/Los_Angeles'],
  ['Pasadena', 'CA', 'US', 34.1478, -118.1445, 'America/Los_Angeles'],
  ['Santa Monica', 'CA', 'US', 34.0195, -118.4912, 'America/Los_Angeles'],
  ['Fresno', 'CA', 'US', 36.7378, -119.7871, 'America/Los_Angeles'],
  ['Reno', 'NV', 'US', 39.5296, -119.8138, 'America/Los_Angeles'],
  ['Tacoma', 'WA', 'US', 47.2529, -122.4443, 'America/Los_Angeles'],
  ['Spokane', 'WA', 'US', 47.6588, -117.426, 'America/Los_Angeles'],
  ['Eugene', 'OR', 'US', 44.0521, -123.0868, 'America/Los_Angeles'],
  ['Boulder', 'CO', 'US', 40.015, -105.2705, 'America/Denver'],
  ['Colorado Springs', 'CO', 'US', 38.8339, -104.8214, 'America/Denver'],
  ['Santa Fe', 'NM', 'US', 35.687, -105.9378, 'America/Denver'],
  ['El Paso', 'TX', 'US', 31.7619, -106.485, 'America/Denver'],
  ['Fort Worth', 'TX', 'US', 32.7555, -97.3308, 'America/Chicago'],
  ['Tulsa', 'OK', 'US', 36.154, -95.9928, 'America/Chicago'],
  ['Des Moines', 'IA', 'US', 41.5868, -93.625, 'America/Chicago'],
  ['Madison', 'WI', 'US', 43.0731, -89.4012, 'America/Chicago'],
  ['Birmingham', 'AL', 'US', 33.5186, -86.8104, 'America/Chicago'],
  ['Ann Arbor', 'MI', 'US', 42.2808, -83.743, 'America/Detroit'],
  ['Grand Rapids', 'MI', 'US', 42.9634, -85.6681, 'America/Detroit'],
  ['Cincinnati', 'OH', 'US', 39.1031, -84.512, 'America/New_York'],
  ['Buffalo', 'NY', 'US', 42.8864, -78.8784, 'America/New_York'],
  ['Rochester', 'NY', 'US', 43.1566, -77.6088, 'America/New_York'],
  ['Jersey City', 'NJ', 'US', 40.7178, -74.0431, 'America/New_York'],
  ['Hoboken', 'NJ', 'US', 40.744, -74.0324, 'America/New_York'],
  ['Newark', 'NJ', 'US', 40.7357, -74.1724, 'America/New_York'],
  ['New Haven', 'CT', 'US', 41.3083, -72.9279, 'America/New_York'],
  ['Hartford', 'CT', 'US', 41.7658, -72.6734, 'America/New_York'],
  ['Cambridge', 'MA', 'US', 42.3736, -71.1097, 'America/New_York'],
  ['Burlington', 'VT', 'US', 44.4759, -73.2121, 'America/New_York'],
  ['Asheville', 'NC', 'US', 35.5951, -82.5515, 'America/New_York'],
  ['Charleston', 'SC', 'US', 32.7765, -79.9311, 'America/New_York'],
  ['St. Petersburg', 'FL', 'US', 27.7676, -82.6403, 'America/New_York'],
  ['Fort Lauderdale', 'FL', 'US', 26.1224, -80.1373, 'America/New_York'],
  ['San Juan', 'San Juan', 'PR', 18.4655, -66.1057, 'America/Puerto_Rico'],
  // Canada
  ['Toronto', 'ON', 'CA', 43.6532, -79.3832, 'America/Toronto'],
  ['Ottawa', 'ON', 'CA', 45.4215, -75.6972, 'America/Toronto'],
  ['Montreal', 'QC', 'CA', 45.5017, -73.5673, 'America/Toronto'],
  ['Quebec City', 'QC', 'CA', 46.8139, -71.208, 'America/Toronto'],
  ['Halifax', 'NS', 'CA', 44.6488, -63.5752, 'America/Halifax'],
  ['Winnipeg', 'MB', 'CA', 49.8951, -97.1384, 'America/Winnipeg'],
  ['Calgary', 'AB', 'CA', 51.0447, -114.0719, 'America/Edmonton'],
  ['Edmonton', 'AB', 'CA', 53.5461, -113.4938, 'America/Edmonton'],
  ['Vancouver', 'BC', 'CA', 49.2827, -123.1207, 'America/Vancouver'],
  ['Victoria', 'BC', 'CA', 48.4284, -123.3656, 'America/Vancouver'],
  ['Hamilton', 'ON', 'CA', 43.2557, -79.8711, 'America/Toronto'],
  ['Saskatoon', 'SK', 'CA', 52.1332, -106.67, 'America/Regina'],
  ['Regina', 'SK', 'CA', 50.4452, -104.6189, 'America/Regina'],
  // Latin America
  ['Mexico City', 'CDMX', 'MX', 19.4326, -99.1332, 'America/Mexico_City'],
  ['Guadalajara', 'Jalisco', 'MX', 20.6597, -103.3496, 'America/Mexico_City'],
  ['Monterrey', 'Nuevo León', 'MX', 25.6866, -100.3161, 'America/Monterrey'],
  ['Panama City', 'Panamá', 'PA', 8.9824, -79.5199, 'America/Panama'],
  ['San José', 'San José', 'CR', 9.9281, -84.0907, 'America/Costa_Rica'],
  ['Bogotá', 'Bogotá D.C.', 'CO', 4.711, -74.0721, 'America/Bogota'],
  ['Medellín', 'Antioquia', 'CO', 6.2442, -75.5812, 'America/Bogota'],
  ['Lima', 'Lima', 'PE', -12.0464, -77.0428, 'America/Lima'],
  ['Santiago', 'Santiago Metropolitan', 'CL', -33.4489, -70.6693, 'America/Santiago'],
  ['Buenos Aires', 'Buenos Aires', 'AR', -34.6037, -58.3816, 'America/Argentina/Buenos_Aires'],
  ['Montevideo', 'Montevideo', 'UY', -34.9011, -56.1645, 'America/Montevideo'],
  ['São Paulo', 'São Paulo', 'BR', -23.5505, -46.6333, 'America/Sao_Paulo'],
  ['Rio de Janeiro', 'Rio de Janeiro', 'BR', -22.9068, -43.1729, 'America/Sao_Paulo'],
  // United Kingdom and Ireland
  ['London', 'England', 'GB', 51.5074, -0.1278, 'Europe/London'],
  ['Manchester', 'England', 'GB', 53.4808, -2.2426, 'Europe/London'],
  ['Birmingham', 'England', 'GB', 52.4862, -1.8904, 'Europe/London'],
  ['Bristol', 'England', 'GB', 51.4545, -2.5879, 'Europe/London'],
  ['Leeds', 'England', 'GB', 53.8008, -1.5491, 'Europe/London'],
  ['Liverpool', 'England', 'GB', 53.4084, -2.9916, 'Europe/London'],
  ['Brighton', 'England', 'GB', 50.8225, -0.1372, 'Europe/London'],
  ['Glasgow', 'Scotland', 'GB', 55.8642, -4.2518, 'Europe/London'],
  ['Edinburgh', 'Scotland', 'GB', 55.9533, -3.1883, 'Europe/London'],
  ['Cardiff', 'Wales', 'GB', 51.4816, -3.1791, 'Europe/London'],
  ['Belfast', 'Northern Ireland', 'GB', 54.5973, -5.9301, 'Europe/London'],
  ['Nottingham', 'England', 'GB', 52.9548, -1.1581, 'Europe/London'],
  ['Sheffield', 'England', 'GB', 53.3811, -1.4701, 'Europe/London'],
  ['Newcastle upon Tyne', 'England', 'GB', 54.9783, -1.6178, 'Europe/London'],
  ['Oxford', 'England', 'GB', 51.752, -1.2577, 'Europe/London'],
  ['Cambridge', 'England', 'GB', 52.2053, 0.1218, 'Europe/London'],
  ['Dublin', 'Leinster', 'IE', 53.3498, -6.2603, 'Europe/Dublin'],
  ['Cork', 'Munster', 'IE', 51.8985, -8.4756, 'Europe/Dublin'],
  // Europe
  ['Berlin', 'Berlin', 'DE', 52.52, 13.405, 'Europe/Berlin'],
  ['Hamburg', 'Hamburg', 'DE', 53.5511, 9.9937, 'Europe/Berlin'],
  ['Munich', 'Bavaria', 'DE', 48.1351, 11.582, 'Europe/Berlin'],
  ['Cologne', 'North Rhine-Westphalia', 'DE', 50.9375, 6.9603, 'Europe/Berlin'],
  ['Frankfurt', 'Hesse', 'DE', 50.1109, 8.6821, 'Europe/Berlin'],
  ['Leipzig', 'Saxony', 'DE', 51.3397, 12.3731, 'Europe/Berlin'],
  ['Düsseldorf', 'North Rhine-Westphalia', 'DE', 51.2277, 6.7735, 'Europe/Berlin'],
  ['Stuttgart', 'Baden-Württemberg', 'DE', 48.7758, 9.1829, 'Europe/Berlin'],
  ['Vienna', 'Vienna', 'AT', 48.2082, 16.3738, 'Europe/Vienna'],
  ['Zurich', 'Zurich', 'CH', 47.3769, 8.5417, 'Europe/Zurich'],
  ['Geneva', 'Geneva', 'CH', 46.2044, 6.1432, 'Europe/Zurich'],
  ['Amsterdam', 'North Holland', 'NL', 52.3676, 4.9041, 'Europe/Amsterdam'],
  ['Rotterdam', 'South Holland', 'NL', 51.9244, 4.4777, 'Europe/Amsterdam'],
  ['Brussels', 'Brussels', 'BE', 50.8503, 4.3517, 'Europe/Brussels'],
  ['Antwerp', 'Flanders', 'BE', 51.2194, 4.4025, 'Europe/Brussels'],
  ['Luxembourg', 'Luxembourg', 'LU', 49.6116, 6.1319, 'Europe/Luxembourg'],
  ['Paris', 'Île-de-France', 'FR', 48.8566, 2.3522, 'Europe/Paris'],
  ['Lyon', 'Auvergne-Rhône-Alpes', 'FR', 45.764, 4.8357, 'Europe/Paris'],
  ['Marseille', "Provence-Alpes-Côte d'Azur", 'FR', 43.2965, 5.3698, 'Europe/Paris'],
  ['Bordeaux', 'Nouvelle-Aquitaine', 'FR', 44.8378, -0.5792, 'Europe/Paris'],
  ['Toulouse', 'Occitanie', 'FR', 43.6047, 1.4442, 'Europe/Paris'],
  ['Nice', "Provence-Alpes-Côte d'Azur", 'FR', 43.7102, 7.262, 'Europe/Paris'],
  ['Málaga', 'Andalusia', 'ES', 36.7213, -4.4214, 'Europe/Madrid'],
  ['Utrecht', 'Utrecht', 'NL', 52.0907, 5.1214, 'Europe/Amsterdam'],
  ['Bologna', 'Emilia-Romagna', 'IT', 44.4949, 11.3426, 'Europe/Rome'],
  ['Turin', 'Piedmont', 'IT', 45.0703, 7.6869, 'Europe/Rome'],
  ['Gdańsk', 'Pomerania', 'PL', 54.352, 18.6466, 'Europe/Warsaw'],
  ['Wrocław', 'Lower Silesia', 'PL', 51.1079, 17.0385, 'Europe/Warsaw'],
  ['Madrid', 'Community of Madrid', 'ES', 40.4168, -3.7038, 'Europe/Madrid'],
  ['Barcelona', 'Catalonia', 'ES', 41.3874, 2.1686, 'Europe/Madrid'],
  ['Valencia', 'Valencian Community', 'ES', 39.4699, -0.3763, 'Europe/Madrid'],
  ['Seville', 'Andalusia', 'ES', 37.3891, -5.9845, 'Europe/Madrid'],
  ['Lisbon', 'Lisbon', 'PT', 38.7223, -9.1393, 'Europe/Lisbon'],
  ['Porto', 'Porto', 'PT', 41.1579, -8.6291, 'Europe/Lisbon'],
  ['Rome', 'Lazio', 'IT', 41.9028, 12.4964, 'Europe/Rome'],
  ['Milan', 'Lombardy', 'IT', 45.4642, 9.19, 'Europe/Rome'],
  ['Naples', 'Campania', 'IT', 40.8518, 14.2681, 'Europe/Rome'],
  ['Florence', 'Tuscany', 'IT', 43.7696, 11.2558, 'Europe/Rome'],
  ['Valletta', 'Valletta', 'MT', 35.8989, 14.5146, 'Europe/Malta'],
  ['Copenhagen', 'Capital Region', 'DK', 55.6761, 12.5683, 'Europe/Copenhagen'],
  ['Stockholm', 'Stockholm', 'SE', 59.3293, 18.0686, 'Europe/Stockholm'],
  ['Gothenburg', 'Västra Götaland', 'SE', 57.7089, 11.9746, 'Europe/Stockholm'],
  ['Oslo', 'Oslo', 'NO', 59.9139, 10.7522, 'Europe/Oslo'],
  ['Helsinki', 'Uusimaa', 'FI', 60.1699, 24.9384, 'Europe/Helsinki'],
  ['Reykjavík', 'Capital Region', 'IS', 64.1466, -21.9426, 'Atlantic/Reykjavik'],
  ['Tallinn', 'Harju', 'EE', 59.437, 24.7536, 'Europe/Tallinn'],
  ['Riga', 'Riga', 'LV', 56.9496, 24.1052, 'Europe/Riga'],
  ['Vilnius', 'Vilnius', 'LT', 54.6872, 25.2797, 'Europe/Vilnius'],
  ['Warsaw', 'Masovia', 'PL', 52.2297, 21.0122, 'Europe/Warsaw'],
  ['Kraków', 'Lesser Poland', 'PL', 50.0647, 19.945, 'Europe/Warsaw'],
  ['Prague', 'Prague', 'CZ', 50.0755, 14.4378, 'Europe/Prague'],
  ['Budapest', 'Budapest', 'HU', 47.4979, 19.0402, 'Europe/Budapest'],
  ['Ljubljana', 'Ljubljana', 'SI', 46.0569, 14.5058, 'Europe/Ljubljana'],
  ['Zagreb', 'Zagreb', 'HR', 45.815, 15.9819, 'Europe/Zagreb'],
  ['Belgrade', 'Belgrade', 'RS', 44.7866, 20.4489, 'Europe/Belgrade'],
  ['Bucharest', 'Bucharest', 'RO', 44.4268, 26.1025, 'Europe/Bucharest'],
  ['Sofia', 'Sofia City', 'BG', 42.6977, 23.3219, 'Europe/Sofia'],
  ['Athens', 'Attica', 'GR', 37.9838, 23.7275, 'Europe/Athens'],
  ['Istanbul', 'Istanbul', 'TR', 41.0082, 28.9784, 'Europe/Istanbul'],
  // Middle East and Africa
  ['Tel Aviv', 'Tel Aviv', 'IL', 32.0853, 34.7818, 'Asia/Jerusalem'],
  ['Beirut', 'Beirut', 'LB', 33.8938, 35.5018, 'Asia/Beirut'],
  ['Dubai', 'Dubai', 'AE', 25.2048, 55.2708, 'Asia/Dubai'],
  ['Cairo', 'Cairo', 'EG', 30.0444, 31.2357, 'Africa/Cairo'],
  ['Casablanca', 'Casablanca-Settat', 'MA', 33.5731, -7.5898, 'Africa/Casablanca'],
  ['Marrakesh', 'Marrakesh-Safi', 'MA', 31.6295, -7.9811, 'Africa/Casablanca'],
  ['Lagos', 'Lagos', 'NG', 6.5244, 3.3792, 'Africa/Lagos'],
  ['Accra', 'Greater Accra', 'GH', 5.6037, -0.187, 'Africa/Accra'],
  ['Nairobi', 'Nairobi', 'KE', -1.2921, 36.8219, 'Africa/Nairobi'],
  ['Johannesburg', 'Gauteng', 'ZA', -26.2041, 28.0473, 'Africa/Johannesburg'],
  ['Cape Town', 'Western Cape', 'ZA', -33.9249, 18.4241, 'Africa/Johannesburg'],
  // Asia
  ['Mumbai', 'Maharashtra', 'IN', 19.076, 72.8777, 'Asia/Kolkata'],
  ['Delhi', 'Delhi', 'IN', 28.7041, 77.1025, 'Asia/Kolkata'],
  ['Bengaluru', 'Karnataka', 'IN', 12.9716, 77.5946, 'Asia/Kolkata'],
  ['Bangkok', 'Bangkok', 'TH', 13.7563, 100.5018, 'Asia/Bangkok'],
  ['Chiang Mai', 'Chiang Mai', 'TH', 18.7883, 98.9853, 'Asia/Bangkok'],
  ['Hanoi', 'Hanoi', 'VN', 21.0278, 105.8342, 'Asia/Ho_Chi_Minh'],
  ['Ho Chi Minh City', 'Ho Chi Minh City', 'VN', 10.8231, 106.6297, 'Asia/Ho_Chi_Minh'],
  ['Kuala Lumpur', 'Kuala Lumpur', 'MY', 3.139, 101.6869, 'Asia/Kuala_Lumpur'],
  ['Singapore', 'Singapore', 'SG', 1.3521, 103.8198, 'Asia/Singapore'],
  ['Jakarta', 'Jakarta', 'ID', -6.2088, 106.8456, 'Asia/Jakarta'],
  ['Denpasar', 'Bali', 'ID', -8.6705, 115.2126, 'Asia/Makassar'],
  ['Manila', 'Metro Manila', 'PH', 14.5995, 120.9842, 'Asia/Manila'],
  ['Hong Kong', 'Hong Kong', 'HK', 22.3193, 114.1694, 'Asia/Hong_Kong'],
  ['Shanghai', 'Shanghai', 'CN', 31.2304, 121.4737, 'Asia/Shanghai'],
  ['Beijing', 'Beijing', 'CN', 39.9042, 116.4074, 'Asia/Shanghai'],
  ['Taipei', 'Taipei', 'TW', 25.033, 121.5654, 'Asia/Taipei'],
  ['Seoul', 'Seoul', 'KR', 37.5665, 126.978, 'Asia/Seoul'],
  ['Busan', 'Busan', 'KR', 35.1796, 129.0756, 'Asia/Seoul'],
  ['Tokyo', 'Tokyo', 'JP', 35.6762, 139.6503, 'Asia/Tokyo'],
  ['Osaka', 'Osaka', 'JP', 34.6937, 135.5023, 'Asia/Tokyo'],
  ['Kyoto', 'Kyoto', 'JP', 35.0116, 135.7681, 'Asia/Tokyo'],
  // Oceania
  ['Sydney', 'NSW', 'AU', -33.8688, 151.2093, 'Australia/Sydney'],
  ['Melbourne', 'VIC', 'AU', -37.8136, 144.9631, 'Australia/Melbourne'],
  ['Brisbane', 'QLD', 'AU', -27.4698, 153.0251, 'Australia/Brisbane'],
  ['Gold Coast', 'QLD', 'AU', -28.0167, 153.4, 'Australia/Brisbane'],
  ['Perth', 'WA', 'AU', -31.9505, 115.8605, 'Australia/Perth'],
  ['Adelaide', 'SA', 'AU', -34.9285, 138.6007, 'Australia/Adelaide'],
  ['Hobart', 'TAS', 'AU', -42.8821, 147.3272, 'Australia/Hobart'],
  ['Canberra', 'ACT', 'AU', -35.2809, 149.13, 'Australia/Sydney'],
  ['Auckland', 'Auckland', 'NZ', -36.8485, 174.7633, 'Pacific/Auckland'],
  ['Wellington', 'Wellington', 'NZ', -41.2866, 174.7756, 'Pacific/Auckland'],
  ['Christchurch', 'Canterbury', 'NZ', -43.5321, 172.6362, 'Pacific/Auckland'],
];

export const CITIES: readonly City[] = ROWS.map(([name, region, country, lat, lng, timezone]) => ({
  id: `${slugify(name)}-${country.toLowerCase()}`,
  name,
  region,
  country,
  lat,
  lng,
  timezone,
}));

const BY_ID = new Map(CITIES.map((c) => [c.id, c]));

export function findCity(id: string): City | undefined {
  return BY_ID.get(id);
}

/** The bundled city a stored profile refers to (profiles keep name and country, not the id). */
export function findCityByName(name: string, country: string): City | undefined {
  const n = fold(name);
  return CITIES.find((c) => c.country === country && fold(c.name) === n);
}

/** "Portland, OR, US"; the region is left out when it only repeats the name ("Berlin, DE"). */
export function cityLabel(city: Pick<City, 'name' | 'region' | 'country'>): string {
  return city.region && city.region !== city.name ? `${city.name}, ${city.region}, ${city.country}` : `${city.name}, ${city.country}`;
}

/** How far a folded query is from a folded name: lower is better, null is no match. */
function score(q: string, name: string, extra: string): number | null {
  if (name === q) return 0;
  if (name.startsWith(q)) return 1;
  if (name.split(' ').some((w) => w.startsWith(q))) return 2;
  if (extra.split(' ').some((w) => w === q)) return 3;
  if (q.length >= 3 && name.includes(q)) return 4;
  if (q.length >= 4) {
    // A typo while typing: compare with the start of the name of the same length, and with the whole name.
    const allowed = q.length >= 7 ? 2 : 1;
    const d = Math.min(editDistance(q, name.slice(0, q.length), allowed), editDistance(q, name, allowed));
    if (d <= allowed) return 5 + d;
  }
  return null;
}

/**
 * Folded names and extras of a list, computed on its first search and kept (the lists are fixed):
 * folding ~280 places on every search cost more than the search itself (the server resolves a
 * typed City on every uncached search).
 */
const foldedLists = new WeakMap<object, WeakMap<object, Array<[string, string]>>>();
function foldedOnce<T extends object>(items: readonly T[], nameOf: (item: T) => string, extraOf: (item: T) => string): Array<[string, string]> {
  let byExtra = foldedLists.get(items);
  if (!byExtra) foldedLists.set(items, (byExtra = new WeakMap()));
  let folded = byExtra.get(extraOf);
  if (!folded) byExtra.set(extraOf, (folded = items.map((item): [string, string] => [fold(nameOf(item)), extraOf(item)])));
  return folded;
}

/** Items ranked by score() of the folded query against their folded name (best first), at most `limit`. */
function rank<T extends object>(items: readonly T[], query: string, limit: number, nameOf: (item: T) => string, extraOf: (item: T) => string): Array<{ item: T; s: number }> {
  const q = fold(query);
  if (!q) return [];
  const hits: Array<{ item: T; s: number; name: string }> = [];
  const folded = foldedOnce(items, nameOf, extraOf);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const [name, extra] = folded[i]!;
    const s = score(q, name, extra);
    if (s !== null) hits.push({ item, s, name: nameOf(item) });
  }
  hits.sort((a, b) => a.s - b.s || a.name.localeCompare(b.name));
  return hits.slice(0, limit);
}

const nameOfItem = (item: { name: string }) => item.name;
const cityExtra = (c: City) => `${fold(c.region)} ${c.country.toLowerCase()}`;
const placeExtra = (p: Place) => `${fold(p.label.split(', ').slice(1).join(' '))} ${p.country.toLowerCase()}`;
const noExtra = () => '';

/**
 * Cities for a combobox: exact name, then prefix, then a word of the name, then region or
 * country code, then substring, then a near miss (one typo, two in long queries). Pure.
 */
export function searchCities(query: string, limit = 8): City[] {
  return rank(CITIES, query, limit, nameOfItem, cityExtra).map((h) => h.item);
}

/**
 * A place search can start from: a bundled city, or a borough or neighbourhood of one (an
 * "area") with its centre and a radius that covers it. Artists keep a city; an area is
 * searched as "within radiusKm of its centre".
 */
export type Place = City & { kind: 'city' | 'area'; label: string; radiusKm: number };

/** Radius used when a bundled city is searched by distance (its artists may list a suburb). */
const CITY_RADIUS_KM = 25;

type AreaRow = [name: string, cityId: string, lat: number, lng: number, radiusKm: number];

const AREA_ROWS: AreaRow[] = [
  // New York City: the five boroughs, then neighbourhoods known for studios.
  ['Brooklyn', 'new-york-us', 40.6782, -73.9442, 10],
  ['Manhattan', 'new-york-us', 40.7831, -73.9712, 8],
  ['Queens', 'new-york-us', 40.7282, -73.7949, 10],
  ['The Bronx', 'new-york-us', 40.8448, -73.8648, 8],
  ['Staten Island', 'new-york-us', 40.5795, -74.1502, 10],
  ['Williamsburg', 'new-york-us', 40.7081, -73.9571, 3],
  ['Bushwick', 'new-york-us', 40.6944, -73.9213, 3],
  ['Greenpoint', 'new-york-us', 40.7305, -73.9515, 3],
  ['Park Slope', 'new-york-us', 40.671, -73.9814, 3],
  ['Harlem', 'new-york-us', 40.8116, -73.9465, 3],
  ['East Village', 'new-york-us', 40.7265, -73.9815, 2],
  ['Lower East Side', 'new-york-us', 40.715, -73.9843, 2],
  ['SoHo', 'new-york-us', 40.7233, -74.003, 2],
  ['Chelsea', 'new-york-us', 40.7465, -74.0014, 2],
  ['Astoria', 'new-york-us', 40.7644, -73.9235, 3],
  ['Long Island City', 'new-york-us', 40.7447, -73.9485, 3],
  // Los Angeles and San Francisco
  ['Hollywood', 'los-angeles-us', 34.0928, -118.3287, 5],
  ['Silver Lake', 'los-angeles-us', 34.0869, -118.2702, 3],
  ['Echo Park', 'los-angeles-us', 34.0782, -118.2606, 3],
  ['Venice', 'los-angeles-us', 33.985, -118.4695, 4],
  ['Downtown Los Angeles', 'los-angeles-us', 34.0407, -118.2468, 3],
  ['Mission District', 'san-francisco-us', 37.7599, -122.4148, 3],
  ['Haight-Ashbury', 'san-francisco-us', 37.7692, -122.4481, 2],
  // Chicago, Seattle, Portland, Austin
  ['Wicker Park', 'chicago-us', 41.9088, -87.6796, 3],
  ['Logan Square', 'chicago-us', 41.9231, -87.7093, 3],
  ['Pilsen', 'chicago-us', 41.8556, -87.6564, 3],
  ['Capitol Hill', 'seattle-us', 47.6253, -122.3222, 3],
  ['Alberta Arts District', 'portland-us', 45.559, -122.645, 3],
  ['East Austin', 'austin-us', 30.262, -97.72, 4],
  // Toronto and Montreal
  ['Queen West', 'toronto-ca', 43.6476, -79.405, 3],
  ['Kensington Market', 'toronto-ca', 43.6547, -79.4005, 2],
  ['Plateau Mont-Royal', 'montreal-ca', 45.5225, -73.5806, 3],
  // London, Berlin, Paris, Amsterdam, Tokyo
  ['Shoreditch', 'london-gb', 51.5265, -0.078, 3],
  ['Camden', 'london-gb', 51.539, -0.1426, 3],
  ['Hackney', 'london-gb', 51.545, -0.0553, 4],
  ['Brixton', 'london-gb', 51.4613, -0.1156, 3],
  ['Soho', 'london-gb', 51.5136, -0.1365, 2],
  ['Kreuzberg', 'berlin-de', 52.4986, 13.403, 3],
  ['Neukölln', 'berlin-de', 52.4811, 13.4353, 3],
  ['Friedrichshain', 'berlin-de', 52.5158, 13.4545, 3],
  ['Mitte', 'berlin-de', 52.52, 13.4049, 3],
  ['Le Marais', 'paris-fr', 48.859, 2.362, 2],
  ['Montmartre', 'paris-fr', 48.8867, 2.3431, 2],
  ['De Pijp', 'amsterdam-nl', 52.353, 4.8936, 2],
  ['Jordaan', 'amsterdam-nl', 52.3747, 4.88, 2],
  ['Shibuya', 'tokyo-jp', 35.658, 139.7016, 3],
  ['Shinjuku', 'tokyo-jp', 35.6938, 139.7034, 3],
  ['Harajuku', 'tokyo-jp', 35.6702, 139.7027, 2],
];

const AREAS: Place[] = AREA_ROWS.map(([name, cityId, lat, lng, radiusKm]) => {
  const city = BY_ID.get(cityId);
  if (!city) throw new Error(`Area ${name}: unknown city ${cityId}`);
  return { id: `${slugify(name)}-${cityId}`, name, region: city.region, country: city.country, lat, lng, timezone: city.timezone, kind: 'area', label: `${name}, ${cityLabel(city)}`, radiusKm };
});

/** Every place search knows: the bundled cities, then their areas. */
export const PLACES: readonly Place[] = [...CITIES.map((c): Place => ({ ...c, kind: 'city', label: cityLabel(c), radiusKm: CITY_RADIUS_KM })), ...AREAS];

/** Folded label and name → place (the first place of a name wins: SoHo in New York before Soho in London). */
const PLACE_BY_LABEL = new Map(PLACES.map((p) => [fold(p.label), p]));
const PLACE_BY_NAME = new Map([...PLACES].reverse().map((p) => [fold(p.name), p]));

/** The name part of what was typed or chosen: "Brooklyn, New York, NY, US" → "Brooklyn". */
const namePart = (typed: string) => typed.split(',')[0] ?? '';

/** Places for suggestions while typing, ranked like searchCities; an area's city counts as its region. */
export function searchPlaces(query: string, limit = 8): Place[] {
  return rank(PLACES, namePart(query), limit, nameOfItem, placeExtra).map((h) => h.item);
}

/**
 * The place a typed city means: its exact label ("Brooklyn, New York, NY, US"), else its exact
 * name, else the best suggestion (a prefix such as "Brookl", or a near miss such as "Brooklin").
 * `exact` is false when the place had to be guessed.
 */
export function resolvePlace(typed: string): { place: Place; exact: boolean } | null {
  const folded = fold(typed);
  if (!folded) return null;
  const byLabel = PLACE_BY_LABEL.get(folded);
  if (byLabel) return { place: byLabel, exact: true };
  const byName = PLACE_BY_NAME.get(fold(namePart(typed)));
  if (byName) return { place: byName, exact: true };
  const [best] = rank(PLACES, namePart(typed), 1, nameOfItem, noExtra);
  return best ? { place: best.item, exact: false } : null;
}
