"""Makes a user, a long-lived token and a mobile_app phone on a fresh HA core without a
browser; prints `TOKEN=…` and `SERVICE=…`. argv: HA's base URL, the relay's push URL."""
import asyncio
import sys

import aiohttp

BASE, PUSH_URL = sys.argv[1], sys.argv[2]
CLIENT = BASE + "/"


async def main():
    async with aiohttp.ClientSession() as http:
        for _ in range(120):
            try:
                async with http.get(BASE + "/api/onboarding") as response:
                    if response.status == 200:
                        break
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(1)
        user = {"client_id": CLIENT, "name": "Sideline", "username": "sideline", "password": "sideline-check-pw", "language": "en"}
        async with http.post(BASE + "/api/onboarding/users", json=user) as response:
            code = (await response.json())["auth_code"]
        form = {"grant_type": "authorization_code", "code": code, "client_id": CLIENT}
        async with http.post(BASE + "/auth/token", data=form) as response:
            access = (await response.json())["access_token"]
        async with http.ws_connect(BASE + "/api/websocket") as ws:
            await ws.receive_json()
            await ws.send_json({"type": "auth", "access_token": access})
            await ws.receive_json()
            await ws.send_json({"id": 1, "type": "auth/long_lived_access_token", "client_name": "sideline-check", "lifespan": 1})
            token = (await ws.receive_json())["result"]
        phone = {
            "device_id": "sideline-check", "app_id": "io.robbie.HomeAssistant", "app_name": "Home Assistant",
            "app_version": "2024.3", "device_name": "Sideline Check", "manufacturer": "Apple", "model": "iPhone",
            "os_name": "iOS", "os_version": "17.4", "supports_encryption": False,
            "app_data": {"push_token": "sideline-check-push-token", "push_url": PUSH_URL},
        }
        async with http.post(BASE + "/api/mobile_app/registrations", json=phone, headers={"Authorization": f"Bearer {token}"}) as response:
            assert response.status == 201, await response.text()
        for _ in range(60):
            async with http.get(BASE + "/api/services", headers={"Authorization": f"Bearer {token}"}) as response:
                services = {s for d in await response.json() if d["domain"] == "notify" for s in d["services"]}
            if "mobile_app_sideline_check" in services:
                break
            await asyncio.sleep(0.5)
        print(f"TOKEN={token}")
        print("SERVICE=mobile_app_sideline_check")


asyncio.run(main())
