import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import type { TArtistListItem, TMapSettings } from '../../../../shared/contracts/artists.ts';

/** Artists sharing a place (a studio, a city centre) share one marker. */
function byPlace(artists: TArtistListItem[]): Array<{ lat: number; lng: number; artists: TArtistListItem[] }> {
  const groups = new Map<string, { lat: number; lng: number; artists: TArtistListItem[] }>();
  for (const a of artists) {
    const key = `${a.lat.toFixed(4)},${a.lng.toFixed(4)}`;
    const group = groups.get(key);
    if (group) group.artists.push(a);
    else groups.set(key, { lat: a.lat, lng: a.lng, artists: [a] });
  }
  return [...groups.values()];
}

/** Popup content built as elements (never HTML strings): names are user text. */
function popupContent(artists: TArtistListItem[]): HTMLElement {
  const list = document.createElement('ul');
  list.className = 'space-y-1 text-sm';
  for (const a of artists) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `/artists/${encodeURIComponent(a.slug)}`;
    link.textContent = a.displayName;
    link.className = 'font-medium text-stone-900 underline';
    item.append(link, document.createTextNode(` · ${a.city}`));
    list.append(item);
  }
  return list;
}

const MARKER_STYLE =
  'box-sizing:border-box;display:flex;width:100%;height:100%;align-items:center;justify-content:center;border-radius:9999px;border:2px solid #fff;background:#1c1917;color:#fff;font:600 12px/1 system-ui,sans-serif;box-shadow:0 1px 3px rgba(0,0,0,.45)';

const markerLabel = (artists: TArtistListItem[]) =>
  artists.length === 1 ? `${artists[0]!.displayName}, ${artists[0]!.city}` : `${artists.length} artists in ${artists[0]!.city}`;

/**
 * The search results on a Leaflet map (loaded with its CSS only when the map view is opened).
 * Markers are focusable buttons (Tab, then Enter opens the list of artists there); the result list
 * under the map stays the full, accessible alternative. If tiles fail in this browser, the map
 * says so and stops asking for more.
 */
export default function ResultsMap({ artists, settings }: { artists: TArtistListItem[]; settings: TMapSettings }) {
  const container = useRef<HTMLDivElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = L.map(element, { scrollWheelZoom: false, attributionControl: false });
    const tiles = L.tileLayer(settings.tileUrl, { maxZoom: 19 });
    tiles.once('tileerror', () => {
      setTilesFailed(true);
      map.removeLayer(tiles);
    });
    tiles.addTo(map);
    const groups = byPlace(artists);
    for (const group of groups) {
      const label = markerLabel(group.artists);
      // Inline styles: Leaflet's own (unlayered) CSS would outrank Tailwind's utilities on its elements.
      const icon = L.divIcon({
        className: '',
        html: `<span style="${MARKER_STYLE}">${group.artists.length}</span>`,
        iconSize: [30, 30],
      });
      L.marker([group.lat, group.lng], { icon, title: label, alt: label, keyboard: true }).bindPopup(() => popupContent(group.artists)).addTo(map);
    }
    if (groups.length) map.fitBounds(L.latLngBounds(groups.map((g) => [g.lat, g.lng] as [number, number])), { padding: [40, 40], maxZoom: 12 });
    else map.setView([20, 0], 2);
    return () => {
      map.remove();
    };
  }, [artists, settings.tileUrl]);

  return (
    <div>
      <div ref={container} className="h-96 w-full rounded-lg border border-stone-300 bg-stone-100" role="region" aria-label="Map of the artists listed below" />
      <p className="mt-1 text-xs text-stone-600">Map: {settings.attribution}</p>
      {tilesFailed ? (
        <p role="status" className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          The map background could not load, so the markers have no streets behind them. The list below shows every result.
        </p>
      ) : null}
    </div>
  );
}
