#!/bin/sh
# Regenerates the landing page's intro video, poster and captions in public/media/.
# A development-time tool only: the app and CI never need ffmpeg; the outputs are committed.
# The video carries no brand name so an operator's own brand is never contradicted by it.
set -eu
out="${1:-public/media}"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
font2=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
mkdir -p "$out"

# Five four-second slides: headline + sub-line, each fading in and out.
slide() { # index headline subline
  start=$(( $1 * 4 )); end=$(( start + 4 ))
  a="if(lt(t,$start+0.5),(t-$start)/0.5,if(gt(t,$end-0.5),($end-t)/0.5,1))"
  printf "drawtext=fontfile=%s:text='%s':fontsize=40:fontcolor=white:x=(w-text_w)/2:y=h/2-60:enable='between(t,%s,%s)':alpha='%s'," "$font" "$2" "$start" "$end" "$a"
  printf "drawtext=fontfile=%s:text='%s':fontsize=24:fontcolor=0xc7d2fe:x=(w-text_w)/2:y=h/2+6:enable='between(t,%s,%s)':alpha='%s'," "$font2" "$3" "$start" "$end" "$a"
}
filters="$(slide 0 'Crypto research, analysis and tools' 'One membership for investors at every level')"
filters="$filters$(slide 1 'Research' 'Curated picks with their reasons and sources')"
filters="$filters$(slide 2 'Analysis' 'Trading setups with entries, targets and the risk stated')"
filters="$filters$(slide 3 'Community and tools' 'Live events, portfolio and ETF trackers, airdrops')"
filters="$filters$(slide 4 'Crypto is volatile. You can lose money.' 'Practise first with a free demo account')"
# A slowly drawn accent line along the bottom shows progress.
filters="${filters}drawbox=x=0:y=ih-8:w=iw*t/20:h=8:color=0x3b82f6:t=fill"

ffmpeg -y -loglevel error -f lavfi -i "color=c=0x0f1f4d:s=854x480:r=24:d=20" \
  -vf "$filters" -c:v libvpx-vp9 -b:v 0 -crf 45 -deadline good -row-mt 1 -an "$out/intro.webm"
ffmpeg -y -loglevel error -f lavfi -i "color=c=0x0f1f4d:s=854x480:r=24:d=20" \
  -vf "$filters" -c:v libx264 -preset slow -crf 30 -pix_fmt yuv420p -movflags +faststart -an "$out/intro.mp4"
ffmpeg -y -loglevel error -ss 1.5 -i "$out/intro.mp4" -frames:v 1 -c:v libwebp -quality 70 "$out/intro-poster.webp"

cat > "$out/intro.en.vtt" <<'VTT'
WEBVTT

00:00:00.000 --> 00:00:04.000
Crypto research, analysis and tools.
One membership for investors at every level.

00:00:04.000 --> 00:00:08.000
Research: curated picks with their reasons and sources.

00:00:08.000 --> 00:00:12.000
Analysis: trading setups with entries, targets and the risk stated.

00:00:12.000 --> 00:00:16.000
Community and tools: live events, portfolio and ETF trackers, airdrops.

00:00:16.000 --> 00:00:20.000
Crypto is volatile. You can lose money.
Practise first with a free demo account.
VTT
ls -l "$out"
