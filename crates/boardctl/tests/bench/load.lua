-- wrk script for load.sh: POSTs one JSON body to every request. BODY_KIND
-- is `check` (the file RECORD as {"text": …}) or `game` (a game's moves).
local function json_string(s)
  return '"' .. s:gsub('[%c"\\]', function(c)
    if c == '"' then return '\\"' end
    if c == '\\' then return '\\\\' end
    if c == '\n' then return '\\n' end
    if c == '\r' then return '\\r' end
    if c == '\t' then return '\\t' end
    return string.format('\\u%04x', c:byte())
  end) .. '"'
end

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
if os.getenv("BODY_KIND") == "check" then
  local file = assert(io.open(os.getenv("RECORD"), "rb"))
  local text = file:read("*a")
  file:close()
  wrk.body = '{"text":' .. json_string(text) .. '}'
else
  wrk.body = '{"profile":"russian-draughts/russian","moves":'
    .. '["c3-d4","f6-g5","g3-f4","g7-f6","b2-c3","b6-a5"]}'
end
